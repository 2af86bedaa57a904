package spirv

import (
	"math"
	"testing"
)

// TestFloat16Value checks that every half widens exactly: back through
// Float16Bits it is the same half (a NaN: a NaN of the same sign), and
// a few values worked out by hand.
func TestFloat16Value(t *testing.T) {
	for h := range 1 << 16 {
		f := Float16Value(uint16(h))
		back := Float16Bits(f)
		if f != f {
			if back&0xfc00 != uint16(h)&0xfc00 {
				t.Fatalf("%#04x: NaN came back as %#04x", h, back)
			}
			continue
		}
		if back != uint16(h) {
			t.Fatalf("%#04x: %v came back as %#04x", h, f, back)
		}
	}
	for _, c := range []struct {
		h    uint16
		want float32
	}{
		{0x3c00, 1}, {0xc000, -2}, {0x7bff, 65504}, {0x0001, 0x1p-24}, {0x03ff, 1023 * 0x1p-24},
		{0x7c00, float32(math.Inf(1))}, {0x8000, float32(math.Copysign(0, -1))},
	} {
		if got := Float16Value(c.h); math.Float32bits(got) != math.Float32bits(c.want) {
			t.Errorf("%#04x: %v, want %v", c.h, got, c.want)
		}
	}
}
