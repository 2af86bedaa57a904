package amd64

import (
	"bytes"
	"testing"
)

// TestPrefetch checks PREFETCHT0's encoding (0F 18 /1) against the
// bytes the Intel SDM gives for the same operands.
func TestPrefetch(t *testing.T) {
	for _, c := range []struct {
		m    Mem
		want []byte
	}{
		{M(RAX, 0), []byte{0x0f, 0x18, 0x08}},
		{MI(R8, RCX, 1, 0x10), []byte{0x41, 0x0f, 0x18, 0x4c, 0x08, 0x10}},
		{M(R9, 0x1000), []byte{0x41, 0x0f, 0x18, 0x89, 0x00, 0x10, 0x00, 0x00}},
	} {
		var a Assembler
		a.PREFETCHT0(c.m)
		got, err := a.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, c.want) {
			t.Errorf("prefetcht0 %v: % x, want % x", c.m, got, c.want)
		}
	}
}

// TestMaskStoreX checks VPMASKMOVDstoreX's encoding (VEX.128.66.0F38.W0
// 8E /r) against bytes computed by hand from the Intel SDM.
func TestMaskStoreX(t *testing.T) {
	var a Assembler
	a.VPMASKMOVDstoreX(M(RAX, 0), Y1, Y2)
	a.VPMASKMOVDstoreX(MI(R8, RCX, 1, 0), Y5, Y0)
	got, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0xc4, 0xe2, 0x71, 0x8e, 0x10, 0xc4, 0xc2, 0x51, 0x8e, 0x04, 0x08}
	if !bytes.Equal(got, want) {
		t.Errorf("vpmaskmovd: % x, want % x", got, want)
	}
}
