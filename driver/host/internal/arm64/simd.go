package arm64

// Advanced SIMD instructions. Arrangements: S4 is four 32-bit lanes of a
// q register (.4S), D2 two 64-bit lanes (.2D), B16 sixteen bytes.

// Arr is a vector arrangement of a q register.
type Arr uint8

// The arrangements.
const (
	B16 Arr = iota
	H8
	S4
	D2
)

// Op3 is a three-register vector instruction, its encoding with every
// register field zero (for .4S where it has an arrangement; D2 adds the
// size bit).
type Op3 uint32

// The three-register instructions.
const (
	VADD   Op3 = 0x4ea08400
	VSUB   Op3 = 0x6ea08400
	VMUL   Op3 = 0x4ea09c00 // S4 only
	VCMEQ  Op3 = 0x6ea08c00
	VCMHI  Op3 = 0x6ea03400
	VCMHS  Op3 = 0x6ea03c00
	VCMGT  Op3 = 0x4ea03400
	VCMGE  Op3 = 0x4ea03c00
	VUMIN  Op3 = 0x6ea06c00 // S4 only
	VUMAX  Op3 = 0x6ea06400 // S4 only
	VSMIN  Op3 = 0x4ea06c00 // S4 only
	VSMAX  Op3 = 0x4ea06400 // S4 only
	VUSHL  Op3 = 0x6ea04400
	VSSHL  Op3 = 0x4ea04400
	VFADD  Op3 = 0x4e20d400
	VFSUB  Op3 = 0x4ea0d400
	VFMUL  Op3 = 0x6e20dc00
	VFDIV  Op3 = 0x6e20fc00
	VFMIN  Op3 = 0x4ea0f400
	VFMAX  Op3 = 0x4e20f400
	VFMLA  Op3 = 0x4e20cc00
	VFCMEQ Op3 = 0x4e20e400
	VFCMGE Op3 = 0x6e20e400
	VFCMGT Op3 = 0x6ea0e400
	VZIP1  Op3 = 0x4e803800
	VZIP2  Op3 = 0x4e807800
	VUZP1  Op3 = 0x4e801800
	VUZP2  Op3 = 0x4e805800
	// Bitwise, on all 128 bits (no arrangement).
	VAND Op3 = 0x4e201c00
	VORR Op3 = 0x4ea01c00
	VEOR Op3 = 0x6e201c00
	VBIC Op3 = 0x4e601c00 // n & ^m
	VBSL Op3 = 0x6e601c00 // d = d ? n : m, bit by bit
	VBIT Op3 = 0x6ea01c00 // d = m ? n : d
	// Widening (three different): d.2D = n.2S * m.2S; the "2" forms
	// read the upper halves.
	VUMULL  Op3 = 0x2ea0c000
	VUMULL2 Op3 = 0x6ea0c000
	VSMULL  Op3 = 0x0ea0c000
	VSMULL2 Op3 = 0x4ea0c000
)

// float reports whether op's size field is the float kind's (bit 22: sz).
func (op Op3) float() bool {
	switch op {
	case VFADD, VFSUB, VFMUL, VFDIV, VFMIN, VFMAX, VFMLA, VFCMEQ, VFCMGE, VFCMGT:
		return true
	}
	return false
}

// Vop3 emits d = n op m in arrangement arr (S4 or D2; ignored for the
// bitwise ones).
func (a *Assembler) Vop3(op Op3, arr Arr, d, n, m V) {
	w := uint32(op)
	switch op {
	case VAND, VORR, VEOR, VBIC, VBSL, VBIT:
		arr = B16 // all 128 bits
	}
	if arr == D2 {
		switch {
		case op.float():
			w |= 1 << 22
		case op == VADD || op == VSUB || op == VCMEQ || op == VCMHI || op == VCMHS || op == VCMGT || op == VCMGE ||
			op == VUSHL || op == VSSHL:
			w |= 1 << 22
		case op == VZIP1 || op == VZIP2 || op == VUZP1 || op == VUZP2:
			w |= 1 << 22
		default:
			a.fail("%#x has no .2D form", uint32(op))
		}
	}
	a.Word(w | uint32(m)<<16 | uint32(n)<<5 | uint32(d))
}

// Op2 is a two-register vector instruction (d = op n), encoded with every
// register field zero.
type Op2 uint32

// The two-register instructions. Those with .4S and .2D forms take D2 as
// the size bit (bit 22); the rest have the one arrangement noted.
const (
	VNOT    Op2 = 0x6e205800 // 16B
	VNEG    Op2 = 0x6ea0b800
	VABS    Op2 = 0x4ea0b800
	VCNT    Op2 = 0x4e205800 // 16B
	VRBIT   Op2 = 0x6e605800 // 16B
	VREV32  Op2 = 0x6e200800 // 16B
	VREV64  Op2 = 0x4e200800 // 16B
	VCLZ    Op2 = 0x6ea04800 // 4S
	VUADDLP Op2 = 0x6e202800 // 16B -> 8H; H8: 8H -> 4S; S4: 4S -> 2D
	VFNEG   Op2 = 0x6ea0f800
	VFABS   Op2 = 0x4ea0f800
	VFSQRT  Op2 = 0x6ea1f800
	VFRINTM Op2 = 0x4e219800
	VFRINTP Op2 = 0x4ea18800
	VFRINTZ Op2 = 0x4ea19800
	VFRINTN Op2 = 0x4e218800
	VSCVTF  Op2 = 0x4e21d800
	VUCVTF  Op2 = 0x6e21d800
	VFCVTZS Op2 = 0x4ea1b800
	VFCVTZU Op2 = 0x6ea1b800
	VCMEQ0  Op2 = 0x4ea09800
	VCMLT0  Op2 = 0x4ea0a800
	// Widening and narrowing between .2S halves and .2D: the "2" forms
	// read or write the upper half.
	VFCVTL  Op2 = 0x0e617800 // 2S -> 2D
	VFCVTL2 Op2 = 0x4e617800
	VFCVTN  Op2 = 0x0e616800 // 2D -> 2S (the upper half zeroed)
	VFCVTN2 Op2 = 0x4e616800 // 2D -> upper 2S
	VXTN    Op2 = 0x0ea12800
	VXTN2   Op2 = 0x4ea12800
	VSQXTN  Op2 = 0x0ea14800
	VUQXTN  Op2 = 0x2ea14800
	VSQXTN2 Op2 = 0x4ea14800
	VUQXTN2 Op2 = 0x6ea14800
	VUMAXV  Op2 = 0x6eb0a800 // s(d) = the greatest of n's .4S
	// Halves: 4S <-> 4H (the "2" forms: the upper 4H of 8H), and the
	// float64 to float32 narrowing that rounds to odd.
	VXTNH    Op2 = 0x0e612800 // 4S -> 4H
	VXTN2H   Op2 = 0x4e612800 // 4S -> upper 4H
	VFCVTLH  Op2 = 0x0e217800 // 4H -> 4S
	VFCVTL2H Op2 = 0x4e217800 // upper 4H -> 4S
	VFCVTNH  Op2 = 0x0e216800 // 4S -> 4H, rounded to nearest even
	VFCVTXN  Op2 = 0x2e616800 // 2D -> 2S, rounded to odd
	VFCVTXN2 Op2 = 0x6e616800
	VUXTLH   Op2 = 0x2f10a400 // 4H -> 4S zero-extended (USHLL #0)
)

// Vop2 emits d = op n; arr D2 sets the size bit of the ops with .2D forms.
func (a *Assembler) Vop2(op Op2, arr Arr, d, n V) {
	w := uint32(op)
	switch {
	case arr == D2:
		switch op {
		case VNEG, VABS, VCMEQ0, VCMLT0:
			w |= 1 << 22
		case VFNEG, VFABS, VFSQRT, VFRINTM, VFRINTP, VFRINTZ, VFRINTN, VSCVTF, VUCVTF, VFCVTZS, VFCVTZU:
			w |= 1 << 22
		default:
			a.fail("%#x has no .2D form", uint32(op))
		}
	case op == VUADDLP && arr == H8:
		w |= 1 << 22
	case op == VUADDLP && arr == S4:
		w |= 2 << 22
	}
	a.Word(w | uint32(n)<<5 | uint32(d))
}

// ShiftOp is a vector shift by an immediate.
type ShiftOp uint32

// The shifts by an immediate; the narrowing and widening ones go between
// .2D and .2S halves (the "2" forms: upper halves).
const (
	VSHL    ShiftOp = 0x4f005400
	VUSHR   ShiftOp = 0x6f000400
	VSSHR   ShiftOp = 0x4f000400
	VUSHLL  ShiftOp = 0x2f00a400 // 2S -> 2D, shifted left
	VUSHLL2 ShiftOp = 0x6f00a400
	VSSHLL  ShiftOp = 0x0f00a400
	VSSHLL2 ShiftOp = 0x4f00a400
	VSHRN   ShiftOp = 0x0f008400 // 2D -> 2S, shifted right
	VSHRN2  ShiftOp = 0x4f008400
)

// Vshift emits d = n shifted by sh in arrangement arr (S4 or D2: the
// source's element for the widening ones is 32 bits, for the narrowing
// ones 64).
func (a *Assembler) Vshift(op ShiftOp, arr Arr, d, n V, sh uint32) {
	esize := uint32(32)
	if arr == D2 {
		esize = 64
	}
	var immhb uint32
	switch op {
	case VSHL:
		immhb = esize + sh
	case VUSHR, VSSHR:
		immhb = 2*esize - sh
	case VUSHLL, VUSHLL2, VSSHLL, VSSHLL2:
		immhb = 32 + sh
	case VSHRN, VSHRN2:
		immhb = 64 - sh
	}
	a.Word(uint32(op) | (immhb&0x7f)<<16 | uint32(n)<<5 | uint32(d))
}

// MOVIbytes sets d's two 64-bit halves to the bytes of mask: byte i all
// ones where bit i of mask is set, else zero.
func (a *Assembler) MOVIbytes(d V, mask uint8) {
	abc, defgh := uint32(mask>>5), uint32(mask&31)
	a.Word(0x6f00e400 | abc<<16 | defgh<<5 | uint32(d))
}

// DUP sets every lane of d to GP register n (S4: its low 32 bits).
func (a *Assembler) DUP(arr Arr, d V, n Reg) {
	w := uint32(0x4e040c00)
	if arr == D2 {
		w = 0x4e080c00
	}
	a.Word(w | uint32(n)<<5 | uint32(d))
}

// UMOVs: w(d) = n.S[0].
func (a *Assembler) UMOVs(d Reg, n V) { a.Word(0x0e043c00 | uint32(n)<<5 | uint32(d)) }

// LD1R loads the 32-bit (D2: 64-bit) element at n into every lane of d.
func (a *Assembler) LD1R(arr Arr, d V, n Reg) {
	w := uint32(0x4d40c800)
	if arr == D2 {
		w = 0x4d40cc00
	}
	a.Word(w | uint32(n)<<5 | uint32(d))
}

// LDRQ and STRQ access the 16 bytes at n + off (a multiple of 16 below
// 65536); LDRS/STRS and LDRD/STRD 4 and 8 bytes (multiples of the size).
func (a *Assembler) LDRQ(t V, n Reg, off int64) { a.fpldst(0x3dc00000, 4, t, n, off) }
func (a *Assembler) STRQ(t V, n Reg, off int64) { a.fpldst(0x3d800000, 4, t, n, off) }
func (a *Assembler) LDRS(t V, n Reg, off int64) { a.fpldst(0xbd400000, 2, t, n, off) }
func (a *Assembler) STRS(t V, n Reg, off int64) { a.fpldst(0xbd000000, 2, t, n, off) }
func (a *Assembler) LDRD(t V, n Reg, off int64) { a.fpldst(0xfd400000, 3, t, n, off) }
func (a *Assembler) STRD(t V, n Reg, off int64) { a.fpldst(0xfd000000, 3, t, n, off) }

func (a *Assembler) fpldst(op, size uint32, t V, n Reg, off int64) {
	if !Fits(off, size) {
		a.fail("vector load/store offset %d for size %d", off, 1<<size)
		return
	}
	a.Word(op | uint32(off>>size)<<10 | uint32(n)<<5 | uint32(t))
}
