//go:build arm64 && !purego

package arm64

import "unsafe"

// Call runs generated code at code (from (*Code).Addr, or that plus a
// label's offset) with ctx in X0 and returns its X0. The package comment
// lists the rules the code must follow. ctx, and whatever the code reaches
// through it, must stay alive until Call returns.
//
//go:noescape
func Call(code uintptr, ctx unsafe.Pointer) uint64

// syncCaches makes instruction fetches from [start, end) see the bytes
// written there (call_arm64.s).
//
//go:noescape
func syncCaches(start, end uintptr)
