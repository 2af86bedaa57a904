//go:build arm64 && !purego

#include "textflag.h"

// func Call(code uintptr, ctx unsafe.Pointer) uint64
//
// The frame (16 bytes) makes the assembler save the link register and
// the frame pointer in the prologue and restore them in the epilogue;
// BL overwrites LR (R30), and the generated code returns through it. The
// code touches neither the stack nor R18-R29.
TEXT ·Call(SB), NOSPLIT, $16-24
	MOVD code+0(FP), R9
	MOVD ctx+8(FP), R0
	CALL (R9)
	MOVD R0, ret+16(FP)
	RET

// func syncCaches(start, end uintptr)
//
// The cache line sizes come from CTR_EL0 (Linux lets EL0 read it): the
// data cache is cleaned to the point of unification line by line, then
// the instruction cache invalidated there, each followed by a DSB, and an
// ISB discards what this core fetched already.
TEXT ·syncCaches(SB), NOSPLIT, $0-16
	MOVD start+0(FP), R0
	MOVD end+8(FP), R1
	WORD $0xd53b0022 // MRS X2, CTR_EL0
	UBFX $16, R2, $4, R3
	MOVD $4, R4
	LSL R3, R4, R3 // R3: the data cache line's bytes
	AND $15, R2, R5
	LSL R5, R4, R5 // R5: the instruction cache line's bytes
	SUB $1, R3, R6
	BIC R6, R0, R7
dloop:
	WORD $0xd50b7b27 // DC CVAU, X7
	ADD R3, R7, R7
	CMP R1, R7
	BLO dloop
	WORD $0xd5033b9f // DSB ISH
	SUB $1, R5, R6
	BIC R6, R0, R7
iloop:
	WORD $0xd50b7527 // IC IVAU, X7
	ADD R5, R7, R7
	CMP R1, R7
	BLO iloop
	WORD $0xd5033b9f // DSB ISH
	WORD $0xd5033fdf // ISB
	RET
