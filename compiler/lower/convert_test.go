package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestDirectedNarrowingVectors: vector conversions and half stores in the
// directed roundings validate (the rounding works on vectors of bits, its
// selects need vector conditions before SPIR-V 1.4).
func TestDirectedNarrowingVectors(t *testing.T) {
	src := `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void k(global double4 *d, global float4 *f, global half *h) {
	f[0] = convert_float4_rtz(d[0]);
	f[1] = convert_float4_rtp(d[1]);
	f[2] = convert_float4_rtn(d[2]);
	vstore_half4_rtz(f[3], 0, h);
	vstore_half4_rtp(d[3], 1, h);
	vstore_half8_rtn(convert_float8(d[4].xyzwxyzw), 1, h);
}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
}
