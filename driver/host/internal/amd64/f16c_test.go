package amd64

import (
	"bytes"
	"testing"
)

// TestF16CEncodings checks the F16C instructions' bytes against the GNU
// assembler's (as --64, binutils 2.40: vcvtph2ps ymm0,xmm1 and so on).
func TestF16CEncodings(t *testing.T) {
	cases := []struct {
		text string
		emit func(a *Assembler)
		want []byte
	}{
		{"vcvtph2ps ymm0, xmm1", func(a *Assembler) { a.VCVTPH2PS(Y0, Y1) }, []byte{0xc4, 0xe2, 0x7d, 0x13, 0xc1}},
		{"vcvtph2ps ymm9, xmm12", func(a *Assembler) { a.VCVTPH2PS(Y9, Y12) }, []byte{0xc4, 0x42, 0x7d, 0x13, 0xcc}},
		{"vcvtps2ph xmm1, ymm0, 0", func(a *Assembler) { a.VCVTPS2PH(Y1, Y0, 0) }, []byte{0xc4, 0xe3, 0x7d, 0x1d, 0xc1, 0x00}},
		{"vcvtps2ph xmm12, ymm9, 0", func(a *Assembler) { a.VCVTPS2PH(Y12, Y9, 0) }, []byte{0xc4, 0x43, 0x7d, 0x1d, 0xcc, 0x00}},
		{"vcvtps2ph xmm0, ymm3, 4", func(a *Assembler) { a.VCVTPS2PH(Y0, Y3, 4) }, []byte{0xc4, 0xe3, 0x7d, 0x1d, 0xd8, 0x04}},
	}
	for _, c := range cases {
		var a Assembler
		c.emit(&a)
		if got := a.Bytes(); !bytes.Equal(got, c.want) {
			t.Errorf("%s: % x, want % x", c.text, got, c.want)
		}
	}
}
