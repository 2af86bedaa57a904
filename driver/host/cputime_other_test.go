//go:build !unix

package host

func cpuTime() int64 { return 0 }
