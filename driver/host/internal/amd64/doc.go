// Package amd64 is the host driver's native tier back end for x86-64: an
// encoder of general-purpose and AVX2/FMA instructions (Assembler, with
// labels, rel32 jumps and a RIP-relative constant pool), executable memory
// (Alloc: mmap RW, copy, mprotect RX) and the call trampoline (Call). It
// knows nothing of SPIR-V; driver/host/internal/jit emits code with it
// (docs/hosttier.md).
//
// The encoder is plain Go and builds on every GOARCH (it only produces
// bytes); Alloc and Call run generated code only on amd64 (Linux and
// darwin), and return an error (Alloc) or are never reached elsewhere.
//
// # Operands
//
// Methods are named by the Intel mnemonic, with a suffix where one mnemonic
// has several operand forms (load, store, mem, imm, reg, label), and take
// their operands in Intel order, destination first. R is a general-purpose
// register (RAX..R15; the Q methods use its 64-bit form, the L methods its
// 32-bit form), Y a vector register (Y0..Y15; instructions on xmm operands,
// such as VMOVD or the 128-bit half of VINSERTI128, use the register's low
// half). Y16..Y31 exist on CPUs with AVX512F and AVX512VL (HasAVX512VL):
// the moves, broadcasts and float arithmetic that evex.go lists take them
// and then use their EVEX encoding; any other instruction naming one is an
// encoding error. Mem is a memory operand [Base + Index*Scale + Disp]; VMem is the
// vector-indexed form that gathers take. ConstYMM places 32 bytes in the
// constant pool and returns a RIP-relative Mem for them.
//
// Encoding mistakes of the caller (RSP as an index, a scale other than
// 1, 2, 4 or 8, a label bound twice or never) do not panic: the first is
// recorded and returned by Finish.
//
// # Calling generated code (the native ABI)
//
// Call(code, ctx) runs generated code on the calling goroutine's stack. The
// rules for the code, which follow from how Go calls an assembly (ABI0)
// function:
//
//   - On entry RDI holds ctx; the return value goes in RAX.
//   - The code may clobber every general-purpose register except RSP
//     (RBP included: Call's epilogue restores it from its frame; R14, the
//     goroutine pointer under ABIInternal, and X15, its zero register, are
//     restored by the ABI wrapper around an ABI0 call) and every vector
//     register.
//   - It must not use more than 64 bytes of stack below its return address
//     (pushes and calls included). Call is NOSPLIT and reserves that space
//     in its own frame, so the linker's check of NOSPLIT chains covers it.
//     Unlike the SysV ABI, no 16-byte alignment of RSP is promised: assume
//     8 bytes.
//   - It must leave MXCSR (rounding mode, exception masks) and the
//     direction flag as it found them, issue VZEROUPPER before RET (to avoid
//     the AVX-SSE transition penalty in the Go code that follows) and return
//     with RET.
//   - It must not call Go functions, and must return in bounded time: Go
//     cannot preempt code it has no metadata for, so a stop-the-world (the
//     GC's) waits for it to return. The native tier runs one chunk per call.
//
// Signals may land while generated code runs. The Go runtime handles them on
// the thread's signal stack (sigaltstack), so the 64-byte stack budget is
// not touched. For SIGPROF the profiler's unwinder starts at a PC that no Go
// function covers, gives up silently and records the sample as
// runtime._ExternalCode; for SIGURG (asynchronous preemption) the PC is not
// an asynchronous safe point, so the goroutine is left running and is
// preempted at its next safe point after Call returns. TestCallStress runs
// generated code from many goroutines with the GC and the CPU profiler
// running to check this.
package amd64
