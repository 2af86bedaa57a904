package host_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// launchErr compiles src and runs kernel k over global work-items in groups
// of local with one int buffer and the given __local argument sizes, and
// returns the error of the enqueue or of the run.
func launchErr(t *testing.T, src, k string, global, local uint64, localArgs ...uint64) error {
	t.Helper()
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	dev := host.NewDevice()
	p, err := dev.BuildProgram(res.SPIRV)
	if err != nil {
		return err
	}
	kern, err := p.Kernel(k)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	b, err := dev.NewBuffer(64)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: b}}
	for _, n := range localArgs {
		args = append(args, driver.Arg{Kind: driver.ArgLocal, LocalSize: n})
	}
	ev, err := q.Dispatch(context.Background(), kern, args, driver.Uniform(1, [3]uint64{}, [3]uint64{global, 1, 1}, [3]uint64{local, 1, 1}), nil)
	if err != nil {
		return err
	}
	return ev.Wait(context.Background())
}

// Kernels whose private or local memory the host cannot hold fail with
// CL_OUT_OF_RESOURCES naming the kernel and the size, instead of a fatal
// Go out-of-memory that kills the process (issue 14).
func TestHugePrivateAndLocalMemory(t *testing.T) {
	for _, c := range []struct {
		name, src     string
		global, local uint64
		localArgs     []uint64
		want          string
	}{
		{"private", `kernel void k(global int *o) { int a[1 << 28]; a[o[3] & 15] = 5; o[1] = a[o[2] & 15]; }`,
			256, 256, nil, "1073741824 per work-item"},
		{"private initialized", `kernel void k(global int *o) { int a[1 << 28] = {1}; o[1] = a[o[2] & 15]; }`,
			256, 256, nil, "1073741824 bytes"},
		{"local array", `kernel void k(global int *o) { local int a[1 << 27]; a[o[3] & 15] = 5; barrier(CLK_LOCAL_MEM_FENCE); o[1] = a[o[2] & 15]; }`,
			64, 64, nil, "536870912 bytes of local"},
		{"local argument", `kernel void k(global int *o, local int4 *l) { l[o[3] & 15] = 5; barrier(CLK_LOCAL_MEM_FENCE); o[1] = l[o[2] & 15].x; }`,
			64, 64, []uint64{1 << 30}, "bytes of local"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := launchErr(t, c.src, "k", c.global, c.local, c.localArgs...)
			if !errors.Is(err, driver.ErrOutOfResources) || !strings.Contains(err.Error(), "kernel k") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want CL_OUT_OF_RESOURCES for kernel k with %q", err, c.want)
			}
		})
	}
	// CL_KERNEL_PRIVATE_MEM_SIZE counts the private array.
	res, err := compiler.Compile(`kernel void k(global int *o) { int a[1000]; a[o[3] & 15] = 5; o[1] = a[o[2] & 15]; }`, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	p, err := host.NewDevice().BuildProgram(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	kern, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	if got := kern.Info().PrivateMemSize; got < 4000 || got > 8000 {
		t.Errorf("PrivateMemSize = %d, want about 4000", got)
	}
	// A kernel within the limits still runs.
	if err := launchErr(t, `kernel void k(global int *o) { int a[1024]; a[o[3] & 15] = 5; o[1] = a[o[2] & 15]; }`, "k", 256, 64); err != nil {
		t.Fatal(err)
	}
}
