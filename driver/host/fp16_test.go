package host

import (
	"math"
	"testing"
)

// TestD2H: float64 to half rounds once to nearest even, where going
// through float32 first would round twice.
func TestD2H(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want uint16
	}{
		{1, 0x3c00},
		{1 + 0x1p-11, 0x3c00},           // tie: even
		{1 + 0x1p-11 + 0x1p-40, 0x3c01}, // above the tie: float32 would drop 2^-40 and round to even
		{1 + 3*0x1p-11, 0x3c02},         // tie: even (up)
		{-(1 + 0x1p-11 + 0x1p-50), 0xbc01},
		{65520, 0x7c00},        // rounds to infinity
		{65519.99, 0x7bff},     // largest half
		{0x1p-25, 0},           // tie with 0: even
		{0x1p-25 + 0x1p-60, 1}, // just above: smallest subnormal
		{math.Inf(-1), 0xfc00},
		{1e300, 0x7c00},
	} {
		if got := d2h(c.f); got != c.want {
			t.Errorf("d2h(%v) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
	if h := d2h(math.NaN()); h&0x7c00 != 0x7c00 || h&0x3ff == 0 {
		t.Errorf("d2h(NaN) = %#04x", h)
	}
}
