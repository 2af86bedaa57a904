package lanes

import (
	"math"
	"testing"
)

// TestFToHalfF64: FToHalf from F64 rounds once, where going through
// float32 first would round twice (values worked out by hand).
func TestFToHalfF64(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want uint16
	}{
		{1, 0x3c00},
		{1 + 0x1p-11, 0x3c00},           // tie: even
		{1 + 0x1p-11 + 0x1p-40, 0x3c01}, // above the tie; float32 would drop 2^-40 and round to even
		{1 + 3*0x1p-11, 0x3c02},         // tie: even (up)
		{-(1 + 0x1p-11 + 0x1p-50), 0xbc01},
		{65520, 0x7c00},    // rounds to infinity
		{65519.99, 0x7bff}, // the largest half
		{0x1p-25, 0},       // tie with 0: even
		{0x1p-25 + 0x1p-60, 1},
		{math.Inf(-1), 0xfc00},
		{1e300, 0x7c00},
		{math.NaN(), 0x7e00},
		{math.Copysign(math.NaN(), -1), 0xfe00},
	} {
		if got := fToHalfBits(F64, math.Float64bits(c.f)); got != c.want {
			t.Errorf("FToHalf.f64(%v) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
}

// TestHalfToFRoundTrip: every half but the NaNs widens to a float that
// FToHalf gives back exactly; NaNs come back as 0x7e00 with their sign.
func TestHalfToFRoundTrip(t *testing.T) {
	for h := range 1 << 16 {
		f := halfToF32Bits(uint16(h))
		want := uint16(h)
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			want = uint16(h)&0x8000 | 0x7e00
			if f&0x7fc00000 != 0x7fc00000 || f&0x3fffff != uint32(h&0x1ff)<<13 {
				t.Errorf("HalfToF(%#04x) = %#08x: not the quiet NaN with its payload", h, f)
			}
		}
		if got := fToHalfBits(F32, uint64(f)); got != want {
			t.Errorf("FToHalf(HalfToF(%#04x)) = %#04x (via %#08x), want %#04x", h, got, f, want)
		}
	}
}
