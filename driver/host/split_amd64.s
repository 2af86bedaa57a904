//go:build amd64 && !purego

#include "textflag.h"

// func simdSplit(c *uint64, next, prev *int32, fm *bool, idx *int32, yes, no, lower, b int32, n int) int
//
// Eight lanes an iteration: next = c != 0 ? yes : no, prev = b, fm = next
// == lower, and the lanes of fm appended to idx; returns how many.
TEXT ·simdSplit(SB), NOSPLIT, $0-72
	MOVQ c+0(FP), SI
	MOVQ next+8(FP), DI
	MOVQ prev+16(FP), R8
	MOVQ fm+24(FP), R9
	MOVQ idx+32(FP), R10
	MOVL yes+40(FP), R11
	MOVQ R11, X10
	VPBROADCASTD X10, Y10
	MOVL no+44(FP), R11
	MOVQ R11, X11
	VPBROADCASTD X11, Y11
	MOVL lower+48(FP), R11
	MOVQ R11, X12
	VPBROADCASTD X12, Y12
	MOVL b+52(FP), R11
	MOVQ R11, X13
	VPBROADCASTD X13, Y13
	MOVQ n+56(FP), CX
	VPXOR Y11, Y10, Y14
	VPXOR Y15, Y15, Y15
	XORQ AX, AX
	XORQ DX, DX

loop:
	// The slots' zero masks, as eight words in lane order.
	VPCMPEQQ (SI), Y15, Y0
	VPCMPEQQ 32(SI), Y15, Y1
	VSHUFPS $0x88, Y1, Y0, Y2
	VPERMQ $0xd8, Y2, Y2
	// next = yes ^ ((yes^no) & zero)
	VPAND Y14, Y2, Y2
	VPXOR Y10, Y2, Y2
	VMOVDQU Y2, (DI)
	VMOVDQU Y13, (R8)
	// fm: the words equal to lower, as bytes 0 or 1.
	VPCMPEQD Y12, Y2, Y3
	VMOVMSKPS Y3, BX
	VEXTRACTI128 $1, Y3, X4
	VPACKSSDW X4, X3, X3
	VPACKSSWB X3, X3, X3
	VPABSB X3, X3
	VMOVQ X3, (R9)
	// idx: the lanes of the mask's bits.
	TESTQ BX, BX
	JZ done8

bits:
	BSFQ BX, R11
	ADDQ AX, R11
	MOVL R11, (R10)(DX*4)
	INCQ DX
	LEAQ -1(BX), R12
	ANDQ R12, BX
	JNZ bits

done8:
	ADDQ $64, SI
	ADDQ $32, DI
	ADDQ $32, R8
	ADDQ $8, R9
	ADDQ $8, AX
	SUBQ $8, CX
	JNZ loop
	MOVQ DX, ret+64(FP)
	VZEROUPPER
	RET

// func simdMinU32(p *int32, n int) uint32
//
// The least of n words at p as unsigned numbers.
TEXT ·simdMinU32(SB), NOSPLIT, $0-20
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VPCMPEQD Y0, Y0, Y0

minloop:
	VPMINUD (SI), Y0, Y0
	ADDQ $32, SI
	SUBQ $8, CX
	JNZ minloop
	VEXTRACTI128 $1, Y0, X1
	VPMINUD X1, X0, X0
	VPSHUFD $0x4e, X0, X1
	VPMINUD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMINUD X1, X0, X0
	VMOVD X0, AX
	MOVL AX, ret+16(FP)
	VZEROUPPER
	RET

// func simdMark(next *int32, m *bool, idx *int32, b int32, n int) (count int, other uint32)
//
// m = next == b, the lanes of m appended to idx; returns how many, and the
// least (unsigned) of the other words.
TEXT ·simdMark(SB), NOSPLIT, $0-52
	MOVQ next+0(FP), SI
	MOVQ m+8(FP), R9
	MOVQ idx+16(FP), R10
	MOVL b+24(FP), R11
	MOVQ R11, X10
	VPBROADCASTD X10, Y10
	MOVQ n+32(FP), CX
	VPCMPEQD Y9, Y9, Y9
	XORQ AX, AX
	XORQ DX, DX

markloop:
	VMOVDQU (SI), Y2
	VPCMPEQD Y10, Y2, Y3
	VPOR Y3, Y2, Y4
	VPMINUD Y4, Y9, Y9
	VMOVMSKPS Y3, BX
	VEXTRACTI128 $1, Y3, X4
	VPACKSSDW X4, X3, X3
	VPACKSSWB X3, X3, X3
	VPABSB X3, X3
	VMOVQ X3, (R9)
	TESTQ BX, BX
	JZ markdone

markbits:
	BSFQ BX, R11
	ADDQ AX, R11
	MOVL R11, (R10)(DX*4)
	INCQ DX
	LEAQ -1(BX), R12
	ANDQ R12, BX
	JNZ markbits

markdone:
	ADDQ $32, SI
	ADDQ $8, R9
	ADDQ $8, AX
	SUBQ $8, CX
	JNZ markloop
	VEXTRACTI128 $1, Y9, X1
	VPMINUD X1, X9, X0
	VPSHUFD $0x4e, X0, X1
	VPMINUD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMINUD X1, X0, X0
	VMOVD X0, BX
	MOVQ DX, count+40(FP)
	MOVL BX, other+48(FP)
	VZEROUPPER
	RET

// func simdCountEq32(p *int32, v int32, n int) int
TEXT ·simdCountEq32(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVL v+8(FP), R11
	MOVQ R11, X10
	VPBROADCASTD X10, Y10
	MOVQ n+16(FP), CX
	XORQ AX, AX

eqloop:
	VPCMPEQD (SI), Y10, Y0
	VMOVMSKPS Y0, BX
	POPCNTL BX, BX
	ADDQ BX, AX
	ADDQ $32, SI
	SUBQ $8, CX
	JNZ eqloop
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func simdPhi2(d, x, y *uint64, prev *int32, p0, p1 int32, n int) (ok bool)
//
// d = prev == p0 ? x : y for n slots; ok: every prev is p0 or p1.
TEXT ·simdPhi2(SB), NOSPLIT, $0-49
	MOVQ d+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DX
	MOVQ prev+24(FP), R8
	MOVLQSX p0+32(FP), R11
	MOVQ R11, X10
	VPBROADCASTQ X10, Y10
	MOVLQSX p1+36(FP), R11
	MOVQ R11, X11
	VPBROADCASTQ X11, Y11
	MOVQ n+40(FP), CX
	VPCMPEQQ Y9, Y9, Y9

philoop:
	VPMOVSXDQ (R8), Y0
	VPCMPEQQ Y10, Y0, Y1
	VPCMPEQQ Y11, Y0, Y2
	VPOR Y2, Y1, Y2
	VPAND Y2, Y9, Y9
	VMOVDQU (DX), Y3
	VPBLENDVB Y1, (SI), Y3, Y3
	VMOVDQU Y3, (DI)
	VPMOVSXDQ 16(R8), Y0
	VPCMPEQQ Y10, Y0, Y1
	VPCMPEQQ Y11, Y0, Y2
	VPOR Y2, Y1, Y2
	VPAND Y2, Y9, Y9
	VMOVDQU 32(DX), Y3
	VPBLENDVB Y1, 32(SI), Y3, Y3
	VMOVDQU Y3, 32(DI)
	ADDQ $64, DI
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $32, R8
	SUBQ $8, CX
	JNZ philoop
	VMOVMSKPD Y9, AX
	CMPL AX, $15
	SETEQ ok+48(FP)
	VZEROUPPER
	RET

// func simdAoSLoad4(rows *uint64, rowStride int, w *uint32, laneStride int, n int)
//
// Lane l's four words at w+laneStride*l go, zero-extended, to slot l of
// four rows rowStride bytes apart: a 4x4 transpose for each four lanes.
TEXT ·simdAoSLoad4(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), DI
	MOVQ rowStride+8(FP), BX
	MOVQ w+16(FP), SI
	MOVQ laneStride+24(FP), R9
	MOVQ n+32(FP), CX
	LEAQ (BX)(BX*2), R8
	MOVQ R9, R11
	LEAQ (R9)(R9*2), R10
	SHLQ $2, R9

aosload:
	VMOVDQU (SI), X0
	VMOVDQU (SI)(R11*1), X1
	VMOVDQU (SI)(R11*2), X2
	VMOVDQU (SI)(R10*1), X3
	VUNPCKLPS X1, X0, X4
	VUNPCKHPS X1, X0, X5
	VUNPCKLPS X3, X2, X6
	VUNPCKHPS X3, X2, X7
	VUNPCKLPD X6, X4, X0
	VUNPCKHPD X6, X4, X1
	VUNPCKLPD X7, X5, X2
	VUNPCKHPD X7, X5, X3
	VPMOVZXDQ X0, Y0
	VPMOVZXDQ X1, Y1
	VPMOVZXDQ X2, Y2
	VPMOVZXDQ X3, Y3
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, (DI)(BX*1)
	VMOVDQU Y2, (DI)(BX*2)
	VMOVDQU Y3, (DI)(R8*1)
	ADDQ R9, SI
	ADDQ $32, DI
	SUBQ $4, CX
	JNZ aosload
	VZEROUPPER
	RET

// func simdAoSStore4(rows *uint64, rowStride int, w *uint32, laneStride int, n int)
//
// The inverse: slot l of four rows, their low words, to lane l's four
// words at w+laneStride*l.
TEXT ·simdAoSStore4(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), DI
	MOVQ rowStride+8(FP), BX
	MOVQ w+16(FP), SI
	MOVQ laneStride+24(FP), R9
	MOVQ n+32(FP), CX
	LEAQ (BX)(BX*2), R8
	MOVQ R9, R11
	LEAQ (R9)(R9*2), R10
	SHLQ $2, R9

aosstore:
	VMOVDQU (DI), Y0
	VMOVDQU (DI)(BX*1), Y1
	VMOVDQU (DI)(BX*2), Y2
	VMOVDQU (DI)(R8*1), Y3
	// Each row's four low words: even words, then the two halves joined.
	VPSHUFD $0x08, Y0, Y0
	VPSHUFD $0x08, Y1, Y1
	VPSHUFD $0x08, Y2, Y2
	VPSHUFD $0x08, Y3, Y3
	VPERMQ $0x08, Y0, Y0
	VPERMQ $0x08, Y1, Y1
	VPERMQ $0x08, Y2, Y2
	VPERMQ $0x08, Y3, Y3
	VUNPCKLPS X1, X0, X4
	VUNPCKHPS X1, X0, X5
	VUNPCKLPS X3, X2, X6
	VUNPCKHPS X3, X2, X7
	VUNPCKLPD X6, X4, X0
	VUNPCKHPD X6, X4, X1
	VUNPCKLPD X7, X5, X2
	VUNPCKHPD X7, X5, X3
	VMOVDQU X0, (SI)
	VMOVDQU X1, (SI)(R11*1)
	VMOVDQU X2, (SI)(R11*2)
	VMOVDQU X3, (SI)(R10*1)
	ADDQ R9, SI
	ADDQ $32, DI
	SUBQ $4, CX
	JNZ aosstore
	VZEROUPPER
	RET

// func simdDense(x *uint64, l0, l1, l2, gj *uint32, base uint32, c *[4]uint32, n int)
//
// x[l] = base + c[0]*l0[l] + c[1]*l1[l] + c[2]*l2[l] + c[3]*gj[l], in 32
// bits, zero-extended: an affine row's lanes from its samples.
TEXT ·simdDense(SB), NOSPLIT, $0-64
	MOVQ x+0(FP), DI
	MOVQ l0+8(FP), SI
	MOVQ l1+16(FP), DX
	MOVQ l2+24(FP), R8
	MOVQ gj+32(FP), R9
	MOVL base+40(FP), AX
	MOVQ AX, X8
	VPBROADCASTD X8, Y8
	MOVQ c+48(FP), AX
	VPBROADCASTD (AX), Y9
	VPBROADCASTD 4(AX), Y10
	VPBROADCASTD 8(AX), Y11
	VPBROADCASTD 12(AX), Y12
	MOVQ n+56(FP), CX

denseloop:
	VPMULLD (SI), Y9, Y0
	VPMULLD (DX), Y10, Y1
	VPADDD Y1, Y0, Y0
	VPMULLD (R8), Y11, Y1
	VPADDD Y1, Y0, Y0
	VPMULLD (R9), Y12, Y1
	VPADDD Y1, Y0, Y0
	VPADDD Y8, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPMOVZXDQ X0, Y2
	VPMOVZXDQ X1, Y3
	VMOVDQU Y2, (DI)
	VMOVDQU Y3, 32(DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ denseloop
	VZEROUPPER
	RET

// func prefetchRuns(p *byte, step int64, runs int, lines int)
//
// Prefetches lines cache lines at each of runs addresses step bytes apart,
// so that the misses of a work-group's rows overlap instead of following
// one another.
TEXT ·prefetchRuns(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ step+8(FP), BX
	MOVQ runs+16(FP), CX
	MOVQ lines+24(FP), DX

runloop:
	MOVQ SI, DI
	MOVQ DX, R8

lineloop:
	PREFETCHT0 (DI)
	ADDQ $64, DI
	DECQ R8
	JNZ lineloop
	ADDQ BX, SI
	DECQ CX
	JNZ runloop
	RET

// func simdMaxLow32(x *uint64, n int) uint32
//
// The greatest low word of n slots, unsigned.
TEXT ·simdMaxLow32(SB), NOSPLIT, $0-20
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VPXOR Y0, Y0, Y0

maxloop:
	VPMAXUD (SI), Y0, Y0
	VPMAXUD 32(SI), Y0, Y0
	ADDQ $64, SI
	SUBQ $8, CX
	JNZ maxloop
	VEXTRACTI128 $1, Y0, X1
	VPMAXUD X1, X0, X0
	VPSHUFD $0x4e, X0, X1
	VPMAXUD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMAXUD X1, X0, X0
	VMOVD X0, AX
	MOVL AX, ret+16(FP)
	VZEROUPPER
	RET

// func simdGatherIdx32(d *uint64, p *byte, x *uint64, n int)
//
// d[l] = the 32-bit word at p + 4*x[l], zero-extended, four lanes a
// gather; every index was checked in bounds.
TEXT ·simdGatherIdx32(SB), NOSPLIT, $0-32
	MOVQ d+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ x+16(FP), DX
	MOVQ n+24(FP), CX

gidxloop:
	VMOVDQU (DX), Y1
	VPCMPEQD X4, X4, X4
	VPXOR X0, X0, X0
	VPGATHERQD X4, (SI)(Y1*4), X0
	VPMOVZXDQ X0, Y0
	VMOVDQU Y0, (DI)
	VMOVDQU 32(DX), Y1
	VPCMPEQD X4, X4, X4
	VPXOR X2, X2, X2
	VPGATHERQD X4, (SI)(Y1*4), X2
	VPMOVZXDQ X2, Y2
	VMOVDQU Y2, 32(DI)
	ADDQ $64, DI
	ADDQ $64, DX
	SUBQ $8, CX
	JNZ gidxloop
	VZEROUPPER
	RET

// func simdWiden32Runs(d *uint64, w *uint32, runLen, runs int, stride int64)
//
// runs runs of runLen (a multiple of 8) 32-bit words, stride bytes apart
// from w, zero-extended into consecutive slots at d: a tile's rows in one
// call.
TEXT ·simdWiden32Runs(SB), NOSPLIT, $0-40
	MOVQ d+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ runLen+16(FP), DX
	MOVQ runs+24(FP), R8
	MOVQ stride+32(FP), R9

wrun:
	MOVQ SI, R10
	MOVQ DX, CX

wloop:
	VPMOVZXDQ (R10), Y0
	VPMOVZXDQ 16(R10), Y1
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ $32, R10
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ wloop
	ADDQ R9, SI
	DECQ R8
	JNZ wrun
	VZEROUPPER
	RET

// func simdNarrow32Runs(d *uint64, w *uint32, runLen, runs int, stride int64)
//
// The inverse of simdWiden32Runs: the low words of consecutive slots at d
// stored as runs of runLen words, stride bytes apart from w.
TEXT ·simdNarrow32Runs(SB), NOSPLIT, $0-40
	MOVQ d+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ runLen+16(FP), DX
	MOVQ runs+24(FP), R8
	MOVQ stride+32(FP), R9

nrun:
	MOVQ DI, R10
	MOVQ DX, CX

nloop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VSHUFPS $0x88, Y1, Y0, Y2
	VPERMQ $0xd8, Y2, Y2
	VMOVDQU Y2, (R10)
	ADDQ $64, SI
	ADDQ $32, R10
	SUBQ $8, CX
	JNZ nloop
	ADDQ R9, DI
	DECQ R8
	JNZ nrun
	VZEROUPPER
	RET
