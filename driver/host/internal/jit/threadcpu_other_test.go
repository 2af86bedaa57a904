//go:build !unix

package jit

// threadCPU is 0 where getrusage is missing: the benchmark's cpu-ns/item
// metric then says nothing.
func threadCPU() int64 { return 0 }
