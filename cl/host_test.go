package cl

import (
	"context"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

// TestHostDriver runs a clspv-style SPIR-V kernel (spirv/testdata/kernel.spv:
// foo(global float *a, float f) { a[i] = fma(sqrt(a[i]), f, 2.5) } with
// i = get_global_id(0)) on the host driver, through the whole API.
func TestHostDriver(t *testing.T) {
	ctx := context.Background()
	code, err := os.ReadFile("../spirv/testdata/kernel.spv")
	if err != nil {
		t.Skip(err)
	}
	ps, _ := Platforms()
	devs, err := ps[0].Devices(DeviceTypeCPU)
	if err != nil {
		t.Fatal(err)
	}
	var host *Device
	for _, d := range devs {
		if d.DriverName() == "host" {
			host = d
		}
	}
	if host == nil {
		t.Fatal("no host device")
	}
	c, err := CreateContext(host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(host, QueueProfilingEnable)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithIL(code)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build(""); err != nil {
		t.Fatal(err)
	}
	k, err := p.CreateKernel("foo")
	if err != nil {
		t.Fatal(err)
	}
	if k.NumArgs() != 2 {
		t.Fatalf("%d args", k.NumArgs())
	}
	if ai, _ := k.ArgInfo(1); ai.Kind != ArgPOD || ai.Size != 4 || ai.Name != "f" {
		t.Fatalf("arg 1: %+v", ai)
	}
	for _, tc := range []struct {
		name          string
		global, local []uint64
	}{{"uniform", []uint64{16}, []uint64{4}}, {"chosen", []uint64{16}, nil}, {"non-uniform", []uint64{10}, []uint64{4}}} {
		n := int(tc.global[0])
		in := make([]float32, 16)
		for i := range in {
			in[i] = float32(i * i)
		}
		b, err := CreateBufferFrom(c, 0, in)
		if err != nil {
			t.Fatal(err)
		}
		if err := k.SetArgs(b, float32(3)); err != nil {
			t.Fatal(err)
		}
		ev, err := q.EnqueueNDRangeKernel(k, nil, tc.global, tc.local)
		if tc.name == "non-uniform" && !k.info.NonUniform {
			if !errors.Is(err, ErrInvalidWorkGroupSize) {
				t.Fatalf("non-uniform on a uniform-only kernel: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Wait(ctx); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if _, err := ev.Profile(); err != nil {
			t.Fatal(err)
		}
		out, err := ReadAll[float32](ctx, q, b)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range out {
			want := in[i]
			if i < n {
				want = float32(math.FMA(float64(i), 3, 2.5))
			}
			if v != want {
				t.Fatalf("%s: a[%d] = %v, want %v", tc.name, i, v, want)
			}
		}
		b.Release()
	}
}

// hostDevice returns the always-present pure-Go device.
func hostDevice(t *testing.T) *Device {
	t.Helper()
	ps, _ := Platforms()
	devs, err := ps[0].Devices(DeviceTypeCPU)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		if d.DriverName() == "host" {
			return d
		}
	}
	t.Fatal("no host device")
	return nil
}

// hostKernel builds src with options for the host device and returns a
// context, an in-order queue and the named kernel, released at the end of
// the test.
func hostKernel(t *testing.T, src, options, name string) (*Context, *Queue, *Kernel) {
	t.Helper()
	host := hostDevice(t)
	c, err := CreateContext(host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Release() })
	q, err := c.CreateQueue(host, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Release() })
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build(options); err != nil {
		t.Fatalf("build: %v\n%s", err, p.BuildLog(host))
	}
	k, err := p.CreateKernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return c, q, k
}

// TestBuildFromSource compiles OpenCL C with clgo's compiler and runs it
// on the host device.
func TestBuildFromSource(t *testing.T) {
	c, q, k := hostKernel(t, `
kernel void scale(global int *a, int f) { a[get_global_id(0)] *= f + OFFSET; }`, "-DOFFSET=1", "scale")
	in := []int32{1, 2, 3, 4, 5, 6, 7, 8}
	b, err := CreateBufferFrom(c, 0, in)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(b, int32(2)); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, nil); err != nil {
		t.Fatal(err)
	}
	out, err := ReadAll[int32](context.Background(), q, b)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if v != in[i]*3 {
			t.Fatalf("a[%d] = %d, want %d", i, v, in[i]*3)
		}
	}
}

// TestBuildFailureLog checks that a failed build reports
// CL_BUILD_PROGRAM_FAILURE and a clang-style log with the caret.
func TestBuildFailureLog(t *testing.T) {
	host := hostDevice(t)
	c, err := CreateContext(host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	p, err := c.CreateProgramWithSource("kernel void k(global int *a) {\n  a[0] = nope;\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	err = p.Build("")
	if !errors.Is(err, ErrBuildProgramFailure) {
		t.Fatalf("build error %v, want CL_BUILD_PROGRAM_FAILURE", err)
	}
	want := "<source>:2:10: error: use of undeclared identifier 'nope'\n  a[0] = nope;\n         ^\n"
	if got := p.BuildLog(host); got != want {
		t.Fatalf("build log:\n%q\nwant\n%q", got, want)
	}
	if !strings.HasSuffix(err.Error(), "(CL_BUILD_PROGRAM_FAILURE)\n"+strings.TrimRight(want, "\n")) {
		t.Errorf("build error %q does not end with the build log", err)
	}
	if err := p.Build("-no-such-option"); !errors.Is(err, ErrInvalidBuildOptions) {
		t.Fatalf("bad option: %v, want CL_INVALID_BUILD_OPTIONS", err)
	}
	if err := p.Compile("-Dfoo -no-such-option"); !errors.Is(err, ErrInvalidCompilerOptions) {
		t.Fatalf("bad compile option: %v, want CL_INVALID_COMPILER_OPTIONS", err)
	}
	// Options are checked before the kernels attached to a program.
	ok, err := c.CreateProgramWithSource("kernel void k(global int *a) { a[0] = 1; }\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := ok.Build(""); err != nil {
		t.Fatal(err)
	}
	k, err := ok.CreateKernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	if err := ok.Build("-bogus-option"); !errors.Is(err, ErrInvalidBuildOptions) {
		t.Fatalf("bad option with a kernel attached: %v, want CL_INVALID_BUILD_OPTIONS", err)
	}
	if err := ok.Build(""); !errors.Is(err, ErrInvalidOperation) {
		t.Fatalf("rebuild with a kernel attached: %v, want CL_INVALID_OPERATION", err)
	}
}

// TestImageSupportMacro: __IMAGE_SUPPORT__ is defined for a device with
// images (the host device, driver.Caps.Images); the runtime's own build
// options are accepted.
func TestImageSupportMacro(t *testing.T) {
	host := hostDevice(t)
	c, err := CreateContext(host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	p, err := c.CreateProgramWithSource("#ifndef __IMAGE_SUPPORT__\n#error no images\n#endif\nkernel void k(global int *a) { a[0] = 1; }\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build("-cl-kernel-arg-info -cl-std=CL3.0 -cl-uniform-work-group-size -g"); err != nil {
		t.Fatalf("build: %v\n%s", err, p.BuildLog(host))
	}
}

// TestGlobalOffset runs an NDRange with a global offset: get_global_id
// includes it, get_group_id and get_global_linear_id do not.
func TestGlobalOffset(t *testing.T) {
	c, q, k := hostKernel(t, `kernel void k(global int *a, global int *lin) {
  size_t g = get_global_id(0);
  a[g] = g * 100 + get_group_id(0) * 10 + get_global_offset(0);
  lin[get_global_linear_id()] = g;
}`, "-cl-std=CL3.0", "k")
	a, _ := CreateBufferFrom(c, 0, make([]int32, 16))
	lin, _ := CreateBufferFrom(c, 0, make([]int32, 8))
	if err := k.SetArgs(a, lin); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, []uint64{4}, []uint64{8}, []uint64{2}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadAll[int32](context.Background(), q, a)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		want := int32(0)
		if i >= 4 && i < 12 {
			want = int32(i*100 + (i-4)/2*10 + 4)
		}
		if v != want {
			t.Fatalf("a = %v: a[%d] = %d, want %d", got, i, v, want)
		}
	}
	gotLin, _ := ReadAll[int32](context.Background(), q, lin)
	for i, v := range gotLin {
		if v != int32(i+4) {
			t.Fatalf("lin = %v: lin[%d] = %d, want %d", gotLin, i, v, i+4)
		}
	}
}

// TestOddSizedBuffer stores the last bytes of a 255-byte buffer through a
// char pointer into a uchar4 buffer (mixed types: the compiler composes
// the accesses from 32-bit words): the
// word holding them must be inside the kernel's binding.
func TestOddSizedBuffer(t *testing.T) {
	host := hostDevice(t)
	c, err := CreateContext(host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(host, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithSource(`kernel void k(global const uchar *in, global uchar4 *out) {
  out[0] = (uchar4)(9);
  global uchar *b = (global uchar *)out;
  for (int i = 0; i < 3; i++)
    b[252 + i] = in[i];
}`)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build(""); err != nil {
		t.Fatalf("build: %v\n%s", err, p.BuildLog(host))
	}
	k, err := p.CreateKernel("k")
	if err != nil {
		t.Fatal(err)
	}
	in, _ := CreateBufferFrom(c, 0, []uint8{1, 2, 3, 4})
	out, err := c.CreateBuffer(0, 255, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(in, out); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); err != nil {
		t.Fatal(err)
	}
	got, err := ReadAll[byte](context.Background(), q, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 255 || got[252] != 1 || got[253] != 2 || got[254] != 3 {
		t.Fatalf("out[252:] = %v", got[252:])
	}
}
