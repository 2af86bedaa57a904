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
