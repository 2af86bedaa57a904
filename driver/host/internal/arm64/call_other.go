//go:build !arm64 || purego

package arm64

import "unsafe"

// Call cannot run A64 code here; Alloc never gives code to call, so
// reaching it is a bug.
func Call(code uintptr, ctx unsafe.Pointer) uint64 {
	panic("arm64.Call: generated A64 code cannot run on this platform")
}
