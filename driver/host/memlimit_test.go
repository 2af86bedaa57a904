package host_test

import (
	"context"
	"errors"
	"fmt"
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
			256, 256, nil, "1073741824 per work-item"},
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

// TestMemoryLimitTiers: __local kernel arguments (clSetKernelArg(size,
// NULL), specialization constants in the module), __local arrays and
// work-group sizes past the device's limits give the same error on the
// Go executor and in native code, word for word; a kernel is charged
// only the __local arrays its own code names, not those of other kernels
// of its program.
func TestMemoryLimitTiers(t *testing.T) {
	const use = `l[get_local_id(0)] = o[get_local_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); o[get_local_id(0)] = l[15 - get_local_id(0)];`
	for _, c := range []struct {
		name, src string
		local     uint64
		localArgs []uint64
		want      string // part of the error, "" for none
	}{
		{"local argument", `kernel void k(global int *o, local int *l) {` + use + `}`, 16, []uint64{2700000},
			"host: kernel k: 2700000 bytes of local (Workgroup) memory per work-group: more than the device's 1048576 (CL_DEVICE_LOCAL_MEM_SIZE)"},
		{"two local arguments", `kernel void k(global int *o, local int *l, local int *m) {` + use + ` m[3] = 1; o[1] = m[3]; }`, 16, []uint64{600000, 600000},
			"1200000 bytes of local"},
		{"local argument at the limit", `kernel void k(global int *o, local int *l) {` + use + `}`, 16, []uint64{1 << 20}, ""},
		{"local array", `kernel void k(global int *o) { local int l[300000];` + use + `}`, 16, nil, "1200000 bytes of local"},
		{"another kernel's local arrays", `kernel void k(global int *o) { o[get_local_id(0)] = 1; }
kernel void k2(global int *o) { local int l[200000];` + use + `}
kernel void k3(global int *o) { local int l[200000];` + use + `}`, 16, nil, ""},
		{"another kernel's local argument", `kernel void k(global int *o, local int *l) {` + use + `}
kernel void k2(global int *o, local int *l) {` + use + `}`, 16, []uint64{1 << 20}, ""},
		{"too many work-items", `kernel void k(global int *o) { o[get_local_id(0) & 15] = 1; }`, 2048, nil,
			"host: kernel k: work-group of 2048 work-items, at most 1024"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var want string
			for _, tier := range []string{"lanes", "native"} {
				setTier(t, tier)
				err := fmt.Sprint(launchErr(t, c.src, "k", c.local, c.local, c.localArgs...))
				if tier == "lanes" {
					want = err
					if c.want == "" && err != "<nil>" || c.want != "" && !strings.Contains(err, c.want) {
						t.Fatalf("Go executor: %s, want %q", err, c.want)
					}
				} else if err != want {
					t.Errorf("%s: %s\nGo executor: %s", tier, err, want)
				}
			}
		})
	}
}
