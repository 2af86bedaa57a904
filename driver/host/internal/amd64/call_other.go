//go:build !amd64 || purego

package amd64

import "unsafe"

// Call cannot run x86-64 code here; Alloc never gives code to call, so
// reaching it is a bug.
func Call(code uintptr, ctx unsafe.Pointer) uint64 {
	panic("amd64.Call: generated x86-64 code cannot run on this platform")
}

// HasAVX2FMA is false: this platform does not run x86-64 code.
func HasAVX2FMA() bool { return false }

// HasLZCNT is false: this platform does not run x86-64 code.
func HasLZCNT() bool { return false }

// HasAVX512VL is false: this platform does not run x86-64 code.
func HasAVX512VL() bool { return false }
