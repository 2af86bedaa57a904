//go:build unix

package cl

import "syscall"

// mapHost returns n bytes of zeroed host memory outside the Go heap (an
// anonymous mapping): a C caller may keep pointers into it and the Go
// runtime never frees it behind the caller's back. unmapHost gives it
// back.
func mapHost(n int) ([]byte, error) {
	return syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
}

func unmapHost(b []byte) { syscall.Munmap(b) }

// pageSize is the alignment mapHost's memory starts at.
var pageSize = syscall.Getpagesize()
