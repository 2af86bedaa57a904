// Package arm64 is a small A64 assembler for the host driver's native
// tier on arm64 (package jit's NEON code generator, docs/hosttier.md):
// the general-purpose and Advanced SIMD instructions that code uses,
// labels with branch fix-ups, executable memory (Alloc: mapped writable,
// filled, made read+execute, the instruction cache made coherent with
// the data cache) and Call, which runs generated code from Go.
//
// Generated code runs on the goroutine's stack without touching it: it
// may use X0-X17 and V0-V31 freely (Go's ABI0 keeps nothing in them across
// a call) but must leave X18 (the platform register), X19-X29 (R27 is the
// Go assembler's temporary, R28 the g register, R29 the frame pointer)
// and SP alone, and return with RET to the address Call left in X30.
// Call passes the ctx in X0.
//
// Encodings are checked bit for bit against LLVM's assembler (llvm-mc)
// in tests.
package arm64
