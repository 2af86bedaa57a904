package lower_test

import (
	"context"
	"strings"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// compileValid compiles src for Vulkan 1.1 and 1.3 and validates both.
func compileValid(t *testing.T, src string) {
	t.Helper()
	for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
		opts := compiler.DefaultOptions()
		opts.TargetEnv = env
		res, err := compiler.Compile(src, opts)
		if err != nil {
			t.Fatalf("%s: %v", env, err)
		}
		spirvtest.ValidateModule(t, res.Module, string(env))
	}
}

// compileError compiles src and wants an error containing msg, never an
// internal one.
func compileError(t *testing.T, src, msg string) {
	t.Helper()
	_, err := compiler.Compile(src, compiler.DefaultOptions())
	if err == nil {
		t.Fatalf("no error, want %q", msg)
	}
	if s := err.Error(); !strings.Contains(s, msg) || strings.Contains(s, "internal") {
		t.Fatalf("error %q, want %q", s, msg)
	}
}

// runInts runs kernel k (one int buffer argument of 64 elements, zeroed)
// over n work-items on the host device and returns the buffer.
func runInts(t *testing.T, src, k string, n int) []int32 {
	t.Helper()
	compileValid(t, src)
	return runHost[int32](t, src, k, n)
}

// runHost runs kernel name over n work-items on the host device with a
// zeroed buffer of 64 Ts as argument 0 and extra as the next arguments,
// and returns the buffer.
func runHost[T any](t *testing.T, src, name string, n int, extra ...any) []T {
	const size = 64
	t.Helper()
	ctx := context.Background()
	ps, _ := cl.Platforms()
	devs, err := ps[0].Devices(cl.DeviceTypeCPU)
	if err != nil {
		t.Fatal(err)
	}
	var host *cl.Device
	for _, d := range devs {
		if d.DriverName() == "host" {
			host = d
		}
	}
	if host == nil {
		t.Skip("no host device")
	}
	c, err := cl.CreateContext(host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(host, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build(""); err != nil {
		t.Fatal(err)
	}
	k, err := p.CreateKernel(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cl.CreateBufferFrom(c, 0, make([]T, size))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := k.SetArgs(append([]any{b}, extra...)...); err != nil {
		t.Fatal(err)
	}
	ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{uint64(n)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	out, err := cl.ReadAll[T](ctx, q, b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func wantInts(t *testing.T, got []int32, want ...int32) {
	t.Helper()
	for i, w := range want {
		if got[i] != w {
			t.Errorf("out[%d] = %d, want %d", i, got[i], w)
		}
	}
}
