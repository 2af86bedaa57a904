package cl

import (
	"slices"
	"testing"
)

// TestOpenCLCVersions: every clgo device is an OpenCL 3.0 device whose
// OpenCL C versions are 1.0, 1.1, 1.2 and 3.0 (docs/opencl-c-versions.md):
// -cl-std=CL3.0 and the 1.x versions build, and so does -cl-std=CL2.0
// (leniently: code written for 2.0 passes it), and __OPENCL_VERSION__ is
// 300 whatever -cl-std says.
func TestOpenCLCVersions(t *testing.T) {
	const src = "kernel void k(global int *out) { out[0] = __OPENCL_VERSION__; out[1] = __OPENCL_C_VERSION__; }"
	for _, d := range realDevices(t) {
		if got := d.OpenCLCVersions(); !slices.Equal(got, []int{100, 110, 120, 300}) {
			t.Errorf("%s: OpenCL C versions %v", d, got)
		}
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		for _, std := range []struct {
			options string
			c       uint32
		}{{"", 120}, {"-cl-std=CL1.1", 110}, {"-cl-std=CL1.2", 120}, {"-cl-std=CL2.0", 200}, {"-cl-std=CL3.0", 300}} {
			p, err := c.CreateProgramWithSource(src)
			if err != nil {
				t.Fatal(err)
			}
			got := runOnce(t, d, p, std.options, 8)
			p.Release()
			if v, cv := le32(got[0:]), le32(got[4:]); v != 300 || cv != std.c {
				t.Errorf("%s %q: __OPENCL_VERSION__ %d, __OPENCL_C_VERSION__ %d; want 300, %d", d, std.options, v, cv, std.c)
			}
		}
		t.Logf("%s: OpenCL C versions and -cl-std checked", d)
	}
}

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
