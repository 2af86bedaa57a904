//go:build unix

package jit

import "syscall"

// threadCPU is the CPU time of the calling thread in ns (the benchmark
// locks its goroutine to the thread).
func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
