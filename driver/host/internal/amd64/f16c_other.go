//go:build !amd64 || purego

package amd64

// HasF16C is false: this platform does not run x86-64 code.
func HasF16C() bool { return false }
