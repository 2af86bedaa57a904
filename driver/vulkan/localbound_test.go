package vulkan

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestWorkgroupOutOfBounds: __local stores, atomics and loads far outside
// a __local array (local[i + 100000] and the like) stay inside the array
// when the device runs robustly: the process survives (lavapipe used to
// segfault), the array's other elements keep their values, and an
// out-of-range load reads the last element, where the out-of-range
// accesses were clamped to.
func TestWorkgroupOutOfBounds(t *testing.T) {
	d := testDevice(t)
	if d.Robustness() == RobustNone {
		t.Skip("no robust buffer access on this device")
	}
	if !d.info.Caps.BoundWorkgroupAccess {
		t.Fatalf("robustness %v but Caps.BoundWorkgroupAccess is off", d.Robustness())
	}
	opts := compiler.DefaultOptions()
	opts.Features.BoundWorkgroupAccess = true
	res, err := compiler.Compile(`
kernel void oob(global int *o, int off, local int *la) {
  local int l[64];
  int i = get_local_id(0);
  l[i] = i;
  la[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 5) {
    l[i + off] = -1;
    la[i + off] = -2;
    atomic_add(&l[i + off], 1);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  o[i] = l[i];
  o[64 + i] = la[i];
  o[128 + i] = l[i + off] + la[i + off];
}`, opts)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
	const n = 64
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{n, 1, 1})
	for _, off := range []int32{100000, 64, -6, -100000, 1 << 30, -(1 << 31)} {
		var pod [4]byte
		binary.LittleEndian.PutUint32(pod[:], uint32(off))
		got := run(t, d, res.SPIRV, "oob", []targ{{buf: make([]byte, 4*3*n)}, {pod: pod[:]}, {local: 4 * n}}, nd)[0]
		o := func(i int) int32 { return int32(binary.LittleEndian.Uint32(got[4*i:])) }
		for i := range n - 1 {
			if o(i) != int32(i) || o(n+i) != int32(i) {
				t.Fatalf("offset %d: l[%d] = %d, la[%d] = %d, want %d: an out-of-range store landed inside the array", off, i, o(i), i, o(n+i), i)
			}
		}
		// The stores of work-item 5 were clamped to the last elements.
		if o(n-1) != 0 || o(2*n-1) != -2 {
			t.Errorf("offset %d: l[63] = %d, la[63] = %d, want 0 (-1 plus the atomic) and -2", off, o(n-1), o(2*n-1))
		}
		for i := range n {
			want, at := o(n-1)+o(2*n-1), int64(i)+int64(off)
			if at >= 0 && at < n-1 {
				want = int32(2 * at)
			}
			if o(2*n+i) != want {
				t.Errorf("offset %d: load of index %d gave %d, want %d", off, at, o(2*n+i), want)
				break
			}
		}
	}
}
