package vulkan

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/validate"
)

// Two kernels, each with a __local array of its own, and a helper both
// call: each reverses its 64 values through local memory, one adding 1,
// the other 2 (entrymodule.go).
const twoLocalKernels = `
uint bump(uint x, uint by) { return x + by; }
kernel void revA(global uint *a) {
  local uint t[64];
  uint i = get_local_id(0);
  t[i] = a[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[i] = bump(t[63 - i], 1);
}
kernel void revB(global uint *a) {
  local uint u[64 * 4];
  uint i = get_local_id(0);
  u[4 * i] = a[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[i] = bump(u[4 * (63 - i)], 2);
}
kernel void plain(global uint *a) { a[get_global_id(0)] += 3; }
`

// A program with several kernels and __local arrays gives each kernel a
// module of its own holding only its entry point and its own Workgroup
// variables; the kernels compute what they did in the shared module.
func TestKernelModules(t *testing.T) {
	code := compile(t, twoLocalKernels)
	m, err := spirv.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	if !splitsByKernel(m) {
		t.Fatal("a program of three kernels with __local arrays is not split")
	}
	refl, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range refl.Kernels {
		kc, err := kernelModuleCode(code, k.Function)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		km, err := validate.Binary(kc)
		if err != nil {
			t.Fatalf("%s: its module does not validate: %v", k.Name, err)
		}
		wg := 0
		for _, in := range km.Globals {
			if in.Op == spirv.OpVariable && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassWorkgroup {
				wg++
			}
		}
		want := 1
		if k.Name == "plain" {
			want = 0
		}
		if len(km.EntryPoints) != 1 || wg != want {
			t.Errorf("%s: its module has %d entry points and %d Workgroup variables, want 1 and %d", k.Name, len(km.EntryPoints), wg, want)
		}
	}

	d := testDevice(t)
	pr, err := d.BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Release()
	p := pr.(*program)
	if p.splitCode == nil || p.module != 0 {
		t.Skip("this device specializes the program another way (formatspec.go)")
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	buf := mustBuffer(t, d, 4*64)
	in := make([]byte, 4*64)
	for i := range 64 {
		binary.LittleEndian.PutUint32(in[4*i:], uint32(10*i))
	}
	ev, err := q.WriteBuffer(buf, 0, in, nil)
	wait(t, ev, err)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{64, 1, 1})
	for _, name := range []string{"revA", "revB", "plain"} {
		k, err := pr.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := q.Dispatch(t.Context(), k, []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}}, nd, nil)
		wait(t, ev, err)
	}
	out := make([]byte, 4*64)
	ev, err = q.ReadBuffer(buf, 0, out, nil)
	wait(t, ev, err)
	// Reversed twice: every value back in place, plus 1, 2 and 3.
	for i := range 64 {
		if got, want := binary.LittleEndian.Uint32(out[4*i:]), uint32(10*i+6); got != want {
			t.Fatalf("a[%d] = %d, want %d", i, got, want)
		}
	}
	if len(p.kernelModules) != 3 {
		t.Errorf("%d kernel modules, want 3", len(p.kernelModules))
	}
}
