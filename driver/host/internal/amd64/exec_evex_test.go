//go:build amd64 && !purego

package amd64

import (
	"testing"
	"unsafe"
)

// TestExecEVEXMoves runs the EVEX moves on this CPU: eight dwords pass
// through every one of Y16-Y31 (and back through Y0-Y15), with stores of
// the whole register, its low dword and its low qword at compressed and
// full displacements; a wrong register bit or displacement scale moves
// the wrong data.
func TestExecEVEXMoves(t *testing.T) {
	if !HasAVX512VL() {
		t.Skip("the CPU or OS lacks AVX512F+VL")
	}
	type ctx struct {
		in  [8]uint32
		out [16][8]uint32
		d   [16]uint32
		q   [16]uint64
	}
	c := build(t, func(a *Assembler) {
		a.VMOVDQU64load(Y16, M(RDI, 0))
		for i := Y(0); i < 16; i++ {
			hi := Y16 + i
			if i > 0 {
				a.VMOVDQU(Y0+i-1, Y16+i-1) // down to Y0-Y15
				a.VPADDD(Y0+i-1, Y0+i-1, Y0+i-1)
				a.VMOVDQU(hi, Y0+i-1) // up into the next
			}
			a.VMOVDQUstore(M(RDI, 32+32*int32(i)), hi)
			a.VMOVDstore(M(RDI, 32+512+4*int32(i)), hi)
			a.VMOVQstore(M(RDI, 32+512+64+8*int32(i)), hi)
		}
		a.VZEROUPPER()
		a.RET()
	})
	var x ctx
	for i := range x.in {
		x.in[i] = uint32(i*0x1000 + 3)
	}
	Call(c.Addr(), unsafe.Pointer(&x))
	for r := range 16 {
		for i, v := range x.in {
			if want := v << r; x.out[r][i] != want {
				t.Fatalf("ymm%d lane %d = %#x, want %#x", 16+r, i, x.out[r][i], want)
			}
		}
		if want := x.in[0] << r; x.d[r] != want {
			t.Errorf("vmovd from xmm%d = %#x, want %#x", 16+r, x.d[r], want)
		}
		if want := uint64(x.in[1]<<r)<<32 | uint64(x.in[0]<<r); x.q[r] != want {
			t.Errorf("vmovq from xmm%d = %#x, want %#x", 16+r, x.q[r], want)
		}
	}
}
