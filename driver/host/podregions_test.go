package host

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// runCL builds src through the driver and dispatches kernel k once over
// nd on the tier CLGO_HOST_TIER names, with int buffers (the same buffer
// where bufs repeats one) and int POD arguments, and returns the
// buffers' bytes after it and the prepared kernel.
func runCL(t *testing.T, tier, src string, nd driver.NDRange, init [][]byte, bufOf []int, pods []int32) ([][]byte, *Kernel) {
	t.Helper()
	setTierIn(t, tier)
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	dev := NewDevice()
	p, err := dev.BuildProgram(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	var bufs []driver.Buffer
	for _, b := range init {
		m, err := dev.NewBuffer(uint64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := q.WriteBuffer(m, 0, b, nil); err != nil {
			t.Fatal(err)
		}
		bufs = append(bufs, m)
	}
	var args []driver.Arg
	for _, i := range bufOf {
		args = append(args, driver.Arg{Kind: driver.ArgBuffer, Buffer: bufs[i], Size: uint64(len(init[i]))})
	}
	for _, v := range pods {
		args = append(args, driver.Arg{Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, uint32(v))})
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := q.Dispatch(context.Background(), k, args, nd, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := make([][]byte, len(bufs))
	for i, m := range bufs {
		out[i] = make([]byte, len(init[i]))
		if _, err := q.ReadBuffer(m, 0, out[i], nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	pks := k.(*kernel).preparedKernels()
	if len(pks) != 1 {
		t.Fatalf("%d prepared kernels, want 1", len(pks))
	}
	return out, pks[0]
}

// podKernels read their POD arguments in loops beside stores to other
// buffers, with 2-D global ids and a global offset.
var podKernels = []struct{ name, src string }{
	{"loop", `kernel void k(global int *out, global int *aux, int n, int a, int b) {
		int x = get_global_id(0), y = get_global_id(1);
		int i = (y - 3) * 16 + (x - 5);
		int t = x ^ y;
		for (int j = 0; j < (n & 15); j++) {
			aux[i] = t;
			t = t * a + b + j;
		}
		out[i] = t + n;
	}`},
	{"stencil", `kernel void k(global int *out, global int *src, int w, int h) {
		int x = get_global_id(0) - 5, y = get_global_id(1) - 3;
		int i = y * w + x;
		if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
			out[i] = src[i];
			return;
		}
		out[i] = src[i - 1] + src[i + 1] + 3 * src[i - w] + 5 * src[i + w];
	}`},
}

// TestPODArgsHoisted runs podKernels through the driver on native code
// and on the Go executor: the buffers must agree, and the lane program
// must carry the POD-argument buffer's promise (lanes.Region.ArgInvSize)
// for package jit to load them once per group.
func TestPODArgsHoisted(t *testing.T) {
	if !NativeOK() {
		t.Skip("no native tier on this platform")
	}
	nd := driver.Uniform(2, [3]uint64{5, 3, 0}, [3]uint64{16, 12, 1}, [3]uint64{8, 4, 1})
	for _, kc := range podKernels {
		init := [][]byte{make([]byte, 4*16*12), make([]byte, 4*16*12)}
		for i := range 16 * 12 {
			binary.LittleEndian.PutUint32(init[1][4*i:], uint32(i*7+1))
		}
		pods := []int32{13, 3, 11}
		if kc.name == "stencil" {
			pods = []int32{16, 12}
		}
		want, _ := runCL(t, "lanes", kc.src, nd, init, []int{0, 1}, pods)
		got, pk := runCL(t, "", kc.src, nd, init, []int{0, 1}, pods)
		if pk.tier == nil || !pk.tier.native {
			t.Fatalf("%s: not on native code", kc.name)
		}
		marked := false
		for _, rg := range pk.tier.prog.Regions {
			marked = marked || rg.ArgInvSize >= 4*len(pods)
		}
		if !marked {
			t.Errorf("%s: no region carries the POD arguments' promise", kc.name)
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				t.Errorf("%s: buffer %d: native differs from the Go executor\nnative %v\nlanes  %v", kc.name, i, got[i][:64], want[i][:64])
			}
		}
	}
}

// aliasKernel reads in[0] (a Uniform load at a constant offset of a
// NonWritable buffer) after each store of out[0]: where out and in are
// one buffer the load must see the store (C's rule: const does not say
// that no other pointer writes the memory), so a plain buffer's loads
// are never hoisted out of the chunk as the POD arguments' are.
const aliasKernel = `kernel void k(global int *out, global const int *in, int n) {
	int i = get_global_id(0);
	int s = 0;
	for (int j = 0; j < n; j++) {
		out[i] = s + j;
		s += in[0];
	}
	out[i + 1] = s;
}`

// TestPODArgsAliasedBuffers dispatches aliasKernel with out and in the
// same buffer on native code and on the Go executor: the words must be
// the ones worked out by hand. (Loads of the POD arguments are hoisted
// only where no other binding reaches their memory, podregions.go; with
// in and out one buffer the dispatch runs the program built without that
// promise, tierKernel.unhoisted.)
func TestPODArgsAliasedBuffers(t *testing.T) {
	if !NativeOK() {
		t.Skip("no native tier on this platform")
	}
	// One work-item: its load of in[0] is Uniform, as a POD argument's.
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1})
	init := [][]byte{make([]byte, 4*8)}
	got, pk := runCL(t, "", aliasKernel, nd, init, []int{0, 0}, []int32{6})
	if pk.tier == nil || !pk.tier.native {
		t.Fatal("not on native code")
	}
	// s(j+1) = s(j) + out[0] = 2 s(j) + j from s(0) = 0: 0, 0, 1, 4, 11,
	// 26, 57; the last store of out[0] is 26 + 5.
	want := make([]byte, 4*8)
	binary.LittleEndian.PutUint32(want[0:], 31)
	binary.LittleEndian.PutUint32(want[4:], 57)
	if !bytes.Equal(got[0], want) {
		t.Errorf("aliased buffers:\nnative %v\nwant   %v", got[0], want)
	}
	got, pk = runCL(t, "lanes", aliasKernel, nd, init, []int{0, 0}, []int32{6})
	if pk.tier.native {
		t.Fatal("native code on the lane tier")
	}
	if !bytes.Equal(got[0], want) {
		t.Errorf("aliased buffers:\nlanes  %v\nwant   %v", got[0], want)
	}
}

// TestPODArgsAliasedModule binds, through the Module API, the POD
// arguments' binding to bytes of the buffer the kernel writes, one
// worker running both groups in turn: the promise does not hold, and the
// dispatch runs the program built without hoisting the POD arguments'
// loads (tierKernel.unhoisted), on the Go executor and in native code
// alike.
func TestPODArgsAliasedModule(t *testing.T) {
	if !NativeOK() {
		t.Skip("no native tier on this platform")
	}
	const src = `kernel void k(global int *out, int n) {
		int i = get_global_id(0);
		out[i] = i + 100;
		out[64 + i] = n;
	}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	sm, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	refl, err := spirv.ReadReflection(sm)
	if err != nil {
		t.Fatal(err)
	}
	var pod spirv.Arg
	for _, a := range refl.Kernel("k").Args {
		if a.Kind == spirv.ArgPOD {
			pod = a
		}
	}
	if pod.Kind != spirv.ArgPOD {
		t.Fatal("no POD argument in a buffer")
	}
	runOn := func(tier string, alias bool) []byte {
		setTierIn(t, tier)
		m, err := Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		k := prepare(t, m, "k", map[uint32]uint64{0: 8, 1: 1, 2: 1})
		if tier == "" && !k.OnNative() {
			t.Fatal("not on native code")
		}
		out := make([]byte, 4*128)
		podBytes := make([]byte, 32)
		if alias {
			podBytes = out[4*3 : 4*3+32] // n is out[3]
		}
		binary.LittleEndian.PutUint32(podBytes, 7)
		d := &Dispatch{Groups: [3]int{2, 1, 1}, Workers: 1, Resources: []Resource{
			{Set: 0, Binding: 0, Data: out},
			{Set: int(pod.DescriptorSet), Binding: int(pod.Binding), Data: podBytes},
		}}
		if err := k.Run(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, alias := range []bool{false, true} {
		want, got := runOn("lanes", alias), runOn("", alias)
		if !bytes.Equal(got, want) {
			t.Errorf("alias %v: native differs from the Go executor\nnative %v\nlanes  %v", alias, got[4*64:4*80], want[4*64:4*80])
		}
		for i := range 16 {
			if alias {
				// n's memory is written by the dispatch (a race in C
				// terms): without hoisting, each load reads what the
				// stores left; only the tiers' agreement is checked.
				break
			}
			if v := binary.LittleEndian.Uint32(got[4*(64+i):]); v != 7 {
				t.Errorf("alias %v: out[%d] = %d, want 7", alias, 64+i, v)
			}
		}
	}
}
