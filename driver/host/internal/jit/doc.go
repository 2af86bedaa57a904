// Package jit is the host driver's native tier (docs/hosttier.md): a lane
// program (package lanes) compiled to x86-64 AVX2+FMA code, eight lanes of
// a chunk to a ymm register, run through amd64.Call with the same Runner
// contract as the lanes Go executor, so that the two are interchangeable
// and are compared bit for bit in tests. On arm64 a second code generator
// (neon*.go) compiles the same programs to A64 code with Advanced SIMD,
// run through arm64.Call by the same runner; what follows describes the
// x86-64 code, and neon.go how the A64 code differs.
//
// The code keeps no value in a register across ops: every op loads its
// operands from the chunk's frame (RSI), computes in ymm registers and
// stores its result to the frame, so a barrier is a store of the resume
// point and a RET, and the frame alone is the continuation. RDI holds the
// ctx (ctx.go) throughout. Ops the code generator does not handle are
// call-outs (callout.go): the code returns to its runner, which evaluates
// the op with the Go executor's definition, and resumes after it; Compile
// returns an error wrapping lanes.ErrUnsupported only where the CPU or
// the OS cannot run the code or the program is malformed.
package jit
