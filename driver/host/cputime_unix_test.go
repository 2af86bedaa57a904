//go:build unix

package host

import "syscall"

// cpuTime is the process's user+system CPU time in ns: benchmarks report it
// beside wall time, which is meaningless on a loaded machine.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
