package amd64

import (
	"strings"
	"testing"
)

// TestEncodingErrors: caller mistakes are reported by Finish, naming what
// is wrong and where, instead of producing bad code or panicking.
func TestEncodingErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		emit func(a *Assembler)
		want string
	}{
		{"rsp index", func(a *Assembler) { a.NOP(); a.MOVQload(RAX, MI(RBX, RSP, 1, 0)) }, "at code offset 1: rsp cannot be an index register"},
		{"scale", func(a *Assembler) { a.LEAQ(RAX, MI(RBX, RCX, 3, 0)) }, "scale 3 (want 1, 2, 4 or 8)"},
		{"no register", func(a *Assembler) { a.MOVQ(NoReg, RAX) }, "none is not a general-purpose register"},
		{"vex high register", func(a *Assembler) { a.VPCMPEQD(Y16, Y0, Y1) }, "ymm16 has no VEX encoding (EVEX only)"},
		{"vector register", func(a *Assembler) { a.VMOVDQU(Y(32), Y0) }, "ymm32 is not a vector register"},
		{"bound twice", func(a *Assembler) { l := a.NewLabel(); a.Bind(l); a.NOP(); a.Bind(l) }, "label 0 bound twice (first at 0)"},
		{"never bound", func(a *Assembler) { a.NOP(); l := a.NewLabel(); a.Jcc(CondE, l) }, "label 0 is used (at code offset 3) but never bound"},
		{"unknown label", func(a *Assembler) { a.JMP(Label(7)) }, "reference to unknown label 7"},
		{"gather clash", func(a *Assembler) { a.VPGATHERDD(Y1, VMem{Base: RAX, Index: Y1, Scale: 4}, Y2) }, "gather with ymm1, index ymm1 and mask ymm2 not all different"},
	} {
		var a Assembler
		tc.emit(&a)
		_, err := a.Finish()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestLabelsAndPool: label offsets, the pool's alignment and sharing of
// equal constants.
func TestLabelsAndPool(t *testing.T) {
	var a Assembler
	l := a.NewLabel()
	a.NOP()
	a.Bind(l)
	c1 := a.ConstYMM([8]uint32{1, 2, 3, 4, 5, 6, 7, 8})
	a.VMOVDQUload(Y0, c1)
	a.VMOVDQUload(Y1, a.ConstYMM([8]uint32{1, 2, 3, 4, 5, 6, 7, 8}))
	a.VPBROADCASTDload(Y2, a.Const32(3)) // shares the third word of the first constant
	a.RET()
	code, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if a.LabelOffset(l) != 1 {
		t.Errorf("LabelOffset = %d, want 1", a.LabelOffset(l))
	}
	// 1 + 8 + 8 + 9 + 1 = 27 code bytes, padded to 32, then one 32-byte constant.
	if len(code) != 64 {
		t.Errorf("len(code) = %d, want 64 (the pool shares equal constants)", len(code))
	}
	for i := 27; i < 32; i++ {
		if code[i] != 0xcc {
			t.Errorf("pool padding byte %d = %#x, want int3", i, code[i])
		}
	}
	if _, err := a.Finish(); err == nil || !strings.Contains(err.Error(), "Finish called twice") {
		t.Errorf("second Finish: %v", err)
	}
}

// TestAllocFree: Alloc refuses empty code; Free is idempotent and clears
// the address.
func TestAllocFree(t *testing.T) {
	if _, err := Alloc(nil); err == nil {
		t.Error("Alloc(nil) gave no error")
	}
	c, err := Alloc([]byte{0xc3})
	if err != nil {
		t.Skipf("no executable memory here: %v", err)
	}
	if c.Addr() == 0 || c.Len() != 1 {
		t.Errorf("Addr %#x Len %d", c.Addr(), c.Len())
	}
	if err := c.Free(); err != nil {
		t.Fatal(err)
	}
	if err := c.Free(); err != nil || c.Addr() != 0 {
		t.Errorf("second Free: %v, Addr %#x", err, c.Addr())
	}
}
