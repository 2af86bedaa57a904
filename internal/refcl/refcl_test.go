package refcl

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/cl"
)

// device returns the first device, skipping (or, under CI, failing) when no
// OpenCL platform is installed.
func device(t *testing.T) *Device {
	t.Helper()
	ds, err := AllDevices()
	if err != nil {
		if errors.Is(err, ErrNoOpenCL) && os.Getenv("CI") != "true" {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	return ds[0]
}

const src = `
kernel void axpy(global float *y, global const float *x, float a, local float *tmp) {
	size_t i = get_global_id(0);
	tmp[get_local_id(0)] = x[i];
	barrier(CLK_LOCAL_MEM_FENCE);
	y[i] += a * tmp[get_local_id(0)];
}
`

func TestRun(t *testing.T) {
	d := device(t)
	t.Logf("device %s (%s), platform %s", d.Name, d.TypeName(), d.Platform.Name)
	if d.MaxWorkGroupSize == 0 || len(d.MaxWorkItemSizes) == 0 || d.GlobalMemSize == 0 {
		t.Fatalf("device info missing: %+v", d)
	}
	c, err := NewContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	p, err := c.Build(src, "-cl-std=CL1.2")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("axpy")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	const n = 1024
	x, y := make([]byte, 4*n), make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(x[4*i:], float32bits(float32(i)))
		binary.LittleEndian.PutUint32(y[4*i:], float32bits(1))
	}
	bx, _ := c.NewBuffer(4 * n)
	by, _ := c.NewBuffer(4 * n)
	defer bx.Release()
	defer by.Release()
	if err := bx.Write(0, x); err != nil {
		t.Fatal(err)
	}
	if err := by.Write(0, y); err != nil {
		t.Fatal(err)
	}
	a := make([]byte, 4)
	binary.LittleEndian.PutUint32(a, float32bits(2))
	for i, err := range []error{k.SetBuffer(0, by), k.SetBuffer(1, bx), k.SetBytes(2, a), k.SetLocal(3, 4*64)} {
		if err != nil {
			t.Fatalf("arg %d: %v", i, err)
		}
	}
	tm, err := c.Run(k, []uint64{n}, []uint64{64})
	if err != nil {
		t.Fatal(err)
	}
	if tm.End < tm.Start {
		t.Fatalf("timing %+v", tm)
	}
	if err := by.Read(0, y); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if got := float32frombits(binary.LittleEndian.Uint32(y[4*i:])); got != 1+2*float32(i) {
			t.Fatalf("y[%d] = %v", i, got)
		}
	}
	if _, err := c.Run(k, []uint64{n}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestBuildLog(t *testing.T) {
	d := device(t)
	c, err := NewContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	_, err = c.Build("kernel void k(global int *p) { p[0] = undeclared; }", "")
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, cl.ErrBuildProgramFailure) || !strings.Contains(e.Log, "undeclared") {
		t.Fatalf("got %v", err)
	}
	p, err := c.Build("kernel void k(global int *p) { p[0] = 1; }", "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if _, err := p.Kernel("nope"); !errors.Is(err, cl.ErrInvalidKernelName) {
		t.Fatalf("got %v", err)
	}
}

func float32bits(f float32) uint32     { return math.Float32bits(f) }
func float32frombits(u uint32) float32 { return math.Float32frombits(u) }

// TestErrorVendorCode: a reference platform's -9999 is not named as
// clgo's private CLGO_COMMAND_CANCELED.
func TestErrorVendorCode(t *testing.T) {
	for _, c := range []struct {
		code int32
		want string
	}{
		{-9999, "clCreateContext: error -9999 (a vendor's code; NVIDIA's for an illegal memory access)"},
		{-5, "clFinish: CL_OUT_OF_RESOURCES"},
	} {
		fn := "clCreateContext"
		if c.code == -5 {
			fn = "clFinish"
		}
		if got := check(fn, c.code).Error(); got != c.want {
			t.Errorf("code %d: got %q, want %q", c.code, got, c.want)
		}
	}
}
