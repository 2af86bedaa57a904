//go:build !unix

package cl

import "os"

// mapHost returns n bytes of zeroed host memory. Without mmap it is Go
// memory, kept alive by the SVM allocation that holds it (Go's collector
// does not move heap objects).
func mapHost(n int) ([]byte, error) { return make([]byte, n), nil }

func unmapHost([]byte) {}

var pageSize = os.Getpagesize()
