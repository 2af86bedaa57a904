package vulkan

import (
	"errors"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
)

// A kernel with a 1 GiB private array fails to dispatch with
// CL_OUT_OF_RESOURCES naming the kernel and the size: lavapipe aborted the
// whole process (std::bad_alloc) building its pipeline (issue 14).
func TestHugePrivateMemory(t *testing.T) {
	d := testDevice(t)
	res, err := compiler.Compile(`kernel void k(global int *o) { int a[1 << 28]; a[o[3] & 15] = 5; o[1] = a[o[2] & 15]; }`, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.BuildProgram(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	if got := k.Info().PrivateMemSize; got < 1<<30 {
		t.Errorf("PrivateMemSize = %d, want at least 1 GiB", got)
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	b := mustBuffer(t, d, 64)
	defer b.Release()
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: b, Size: 64}}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	ev, err := q.Dispatch(t.Context(), k, args, nd, nil)
	if err == nil {
		err = ev.Wait(t.Context())
	}
	if !errors.Is(err, driver.ErrOutOfResources) || !strings.Contains(err.Error(), "kernel k") || !strings.Contains(err.Error(), "1073741824") {
		t.Fatalf("got %v, want CL_OUT_OF_RESOURCES for kernel k's 1073741824 bytes", err)
	}
}
