package amd64

import "testing"

// TestYUsed: the vector registers an instruction names (destination,
// sources, VEX.vvvv, the is4 operand, a gather's mask and destination)
// are recorded until ResetYUsed; general-purpose registers and memory
// operands are not.
func TestYUsed(t *testing.T) {
	var a Assembler
	if a.YUsed() != 0 {
		t.Fatalf("fresh assembler: %#x", a.YUsed())
	}
	a.VPADDD(Y1, Y2, Y3)
	a.VMOVDQUload(Y9, M(RSI, 32))
	a.MOVQload(RAX, M(RDI, 8))
	if want := uint16(1<<1 | 1<<2 | 1<<3 | 1<<9); a.YUsed() != want {
		t.Errorf("after VPADDD, VMOVDQU load, MOVQ: %#x, want %#x", a.YUsed(), want)
	}
	a.ResetYUsed()
	a.VBLENDVPS(Y4, Y5, Y6, Y15)
	a.VPGATHERDD(Y10, VMem{Base: RAX, Index: Y12, Scale: 1}, Y11)
	if want := uint16(1<<4 | 1<<5 | 1<<6 | 1<<15 | 1<<10 | 1<<11); a.YUsed() != want {
		t.Errorf("after VBLENDVPS, VPGATHERDD: %#x, want %#x", a.YUsed(), want)
	}
}
