package cl

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"
)

// TestHalfClaimed: a device lists cl_khr_fp16 exactly when its caps have
// Float16, reports CL_DEVICE_HALF_FP_CONFIG (round to nearest, inf and
// NaN) with it, and computes half results as the half ULP table asks:
// correctly rounded division, sqrt and fma (values by hand), overflow to
// infinity. The operands are arguments, so nothing is folded at compile
// time.
func TestHalfClaimed(t *testing.T) {
	const src = `#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global ushort *out, ushort a, ushort b, ushort c, ushort one, ushort two, ushort three, double d) {
  half x = as_half(a), y = as_half(b), z = as_half(c);
  half h1 = as_half(one), h2 = as_half(two), h3 = as_half(three);
  out[0] = as_ushort(h1 / h3);
  out[1] = as_ushort(sqrt(h2));
  out[2] = as_ushort(fma(x, y, z));
  out[3] = as_ushort(HALF_MAX * h2);
  out[4] = as_ushort(h1 + h1 / h2 / (half)1024.0f);
  out[5] = (half)(h3 * h3) < h2;
  out[6] = as_ushort((half)d);
  out[7] = as_ushort(convert_half(-d));
  out[8] = as_ushort(convert_half_rte(d));
  out[9] = as_ushort(convert_half_rtz(d));
  out[10] = as_ushort(convert_half_rtp(-d));
  out[11] = as_ushort(convert_half_rtn(-d));
}
`
	for _, d := range realDevices(t) {
		has := slices.Contains(strings.Fields(d.Info().Extensions), "cl_khr_fp16")
		if has != d.Info().Caps.Float16 {
			t.Errorf("%s: cl_khr_fp16 listed %v, Caps.Float16 %v", d, has, d.Info().Caps.Float16)
		}
		if cfg := d.HalfFPConfig(); has && cfg&(FPRoundToNearest|FPInfNaN) != FPRoundToNearest|FPInfNaN || !has && cfg != 0 {
			t.Errorf("%s: CL_DEVICE_HALF_FP_CONFIG %#x with cl_khr_fp16 %v", d, cfg, has)
		}
		if !has || !d.Info().Caps.Float64 { // the kernel takes a double
			continue
		}
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		p, err := c.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		// fma(0x4329, 0x0478, 0x3a69): the exact value lies just off a
		// half tie that a float sum rounds onto (then to even, 0x3a6a).
		// 1 + 2^-11 + 2^-40 is above a tie that a float drops it onto.
		got := runOnce(t, d, p, "", 24, uint16(0x4329), uint16(0x0478), uint16(0x3a69), uint16(0x3c00), uint16(0x4000), uint16(0x4200), 1+0x1p-11+0x1p-40)
		want := []uint16{
			0x3555, // 1/3
			0x3da8, // sqrt(2) = 1.41421: 1448.15/1024
			0x3a69, // fma, correctly rounded
			0x7c00, // HALF_MAX*2 overflows
			0x3c00, // 1 + 2^-11: a tie, to even
			0,      // 9 < 2 is false
			0x3c01, // (half)(1 + 2^-11 + 2^-40), one rounding
			0xbc01, // convert_half of its negation
			0x3c01, // convert_half_rte
			0x3c00, // convert_half_rtz
			0xbc00, // convert_half_rtp of the negation: towards +inf
			0xbc01, // convert_half_rtn of the negation
		}
		for i, w := range want {
			if g := binary.LittleEndian.Uint16(got[2*i:]); g != w {
				t.Errorf("%s: out[%d] = %#04x, want %#04x", d, i, g, w)
			}
		}
	}
}
