package host_test

import (
	"testing"

	"github.com/clgo/clgo/internal/kspec"
)

// halfLayoutSrc puts halves where layout matters: a struct with half,
// float, half3 and half members in private and local memory, local
// half3 arrays across a barrier, a constant half table, a private half
// array indexed by a variable, vload3/vstore3 of halves.
const halfLayoutSrc = `//! kernel layout
//! global 64
//! local 16
//! arg buffer<half> 512 random(-8,8)
//! arg buffer<half> 512 out
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef struct { half a; float f; half3 v; half b; } S;
constant half tbl[8] = {0.5h, -1.25h, 65504.0h, 0.0009765625h, -0.0h, 3.0h, 0.001h, 7.0h};
kernel void layout(global half *in, global half *out) {
  local half3 sh[16];
  local S ls[16];
  int i = get_global_id(0), l = get_local_id(0);
  S s;
  s.a = in[i];
  s.f = (float)in[i + 64] * 3.0f;
  s.v = vload3(i, in + 128);
  s.b = tbl[i & 7];
  ls[l] = s;
  sh[l] = s.v * s.a;
  barrier(CLK_LOCAL_MEM_FENCE);
  S t = ls[(l + 1) & 15];
  half3 w = sh[(l + 3) & 15];
  vstore3(w + t.v, i, out);
  out[192 + i] = t.a * t.b + (half)t.f;
  half p[5];
  for (int k = 0; k < 5; k++)
    p[k] = in[(i + k) & 511] * tbl[k];
  half acc = 0;
  for (int k = 0; k < 5; k++)
    acc += p[(k * 3 + i) % 5];
  out[256 + i] = acc;
  out[320 + i] = t.b > s.b ? t.b : -s.a;
}
`

// TestHalfLayout runs halfLayoutSrc on the lane tier and as native code
// against the Go executor, bit for bit.
func TestHalfLayout(t *testing.T) {
	s, err := kspec.Parse("layout.cl", halfLayoutSrc)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []diffTier{laneTier, nativeTier} {
		on, same := diffCompare(t, d, s, halfLayoutSrc)
		if !on {
			t.Errorf("not on %s: %v", d.what, diffRefusal(d, s, halfLayoutSrc))
		}
		if !same {
			t.Errorf("%s differs from the Go executor", d.what)
		}
	}
}
