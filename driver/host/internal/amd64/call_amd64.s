//go:build amd64 && !purego

#include "textflag.h"

// func Call(code uintptr, ctx unsafe.Pointer) uint64
//
// The frame's 80 bytes are the generated code's stack: SP is moved to the
// top of them before the CALL, so its return address and up to 64 bytes of
// pushes land inside this NOSPLIT frame (which the linker counts) and
// below the saved frame pointer. The epilogue restores BP from the frame,
// so the code may clobber it.
TEXT ·Call(SB), NOSPLIT, $80-24
	MOVQ code+0(FP), AX
	MOVQ ctx+8(FP), DI
	ADJSP $-80
	CALL AX
	ADJSP $80
	MOVQ AX, ret+16(FP)
	RET

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	RET
