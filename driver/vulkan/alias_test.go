package vulkan

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
)

// aliasKernel reads in[0] after each store of out[i]: where out and in
// are one memory the load must see the store (driver/host's
// podregions_test.go has the same kernel).
const aliasKernel = `kernel void k(global int *out, global const int *in, int n) {
	int i = get_global_id(0);
	int s = 0;
	for (int j = 0; j < n; j++) {
		out[i] = s + j;
		s += in[0];
	}
	out[i + 1] = s;
}`

// TestAliasedArgumentsVariant dispatches aliasKernel with out and in
// distinct buffers, disjoint ranges of one buffer, the same buffer and
// overlapping ranges of one buffer. Only the overlapping dispatches run
// the module variant with Aliased buffers (one variant: the same
// bindings), and every result is the one worked out by hand.
func TestAliasedArgumentsVariant(t *testing.T) {
	d := testDevice(t)
	dp, err := d.BuildProgram(compile(t, aliasKernel))
	if err != nil {
		t.Fatal(err)
	}
	defer dp.Release()
	dk, err := dp.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer dk.Release()
	p, k := dp.(*program), dk.(*kernel)
	if !k.aliasable {
		t.Fatal("a kernel with a written and a read buffer is not aliasable")
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	const size = 1024
	a, b := mustBuffer(t, d, size), mustBuffer(t, d, size)
	defer a.Release()
	defer b.Release()
	n := make([]byte, 4)
	binary.LittleEndian.PutUint32(n, 6)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1})
	align := d.mem.align
	must := func(ev driver.Event, err error) { t.Helper(); wait(t, ev, err) }
	word := func(buf driver.Buffer, off uint64) uint32 {
		got := make([]byte, 4)
		must(q.ReadBuffer(buf, off, got, nil))
		return binary.LittleEndian.Uint32(got)
	}
	dispatch := func(out, in driver.Arg) {
		t.Helper()
		for _, buf := range []driver.Buffer{a, b} {
			must(q.FillBuffer(buf, 0, size, []byte{0}, nil))
		}
		args := []driver.Arg{out, in, {Kind: driver.ArgPOD, Bytes: n}}
		must(q.Dispatch(t.Context(), k, args, nd, nil))
	}
	arg := func(buf driver.Buffer, off, n uint64) driver.Arg {
		return driver.Arg{Kind: driver.ArgBuffer, Buffer: buf, Offset: off, Size: n}
	}
	variants := func() int {
		p.mu.Lock()
		defer p.mu.Unlock()
		return len(p.aliasModules)
	}

	// Distinct buffers, then disjoint ranges of one: in[0] stays 0, so
	// s stays 0 and the last store of out[0] is 5.
	dispatch(arg(a, 0, size), arg(b, 0, size))
	if w0, w1 := word(a, 0), word(a, 4); w0 != 5 || w1 != 0 {
		t.Errorf("distinct buffers: out[0], out[1] = %d, %d, want 5, 0", w0, w1)
	}
	dispatch(arg(a, 0, align), arg(a, align, align))
	if w0, w1 := word(a, 0), word(a, 4); w0 != 5 || w1 != 0 {
		t.Errorf("disjoint ranges: out[0], out[1] = %d, %d, want 5, 0", w0, w1)
	}
	if v := variants(); v != 0 {
		t.Fatalf("%d aliased variants after dispatches that do not alias", v)
	}
	k.mu.Lock()
	plain := len(k.pipes)
	k.mu.Unlock()

	// One buffer: s(j+1) = s(j) + out[0] = 2 s(j) + j from 0: 0, 0, 1, 4,
	// 11, 26, 57; the last store of out[0] is 26 + 5.
	dispatch(arg(a, 0, size), arg(a, 0, size))
	if w0, w1 := word(a, 0), word(a, 4); w0 != 31 || w1 != 57 {
		t.Errorf("one buffer: out[0], out[1] = %d, %d, want 31, 57", w0, w1)
	}
	// Overlapping ranges: in is out from its second align bytes on, the
	// work-item at align/4 stores where in[0] reads.
	g := align / 4
	ndg := driver.Uniform(1, [3]uint64{g, 0, 0}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1})
	for _, buf := range []driver.Buffer{a, b} {
		must(q.FillBuffer(buf, 0, size, []byte{0}, nil))
	}
	must(q.Dispatch(t.Context(), k, []driver.Arg{arg(a, 0, size), arg(a, align, size-align), {Kind: driver.ArgPOD, Bytes: n}}, ndg, nil))
	if w0, w1 := word(a, align), word(a, align+4); w0 != 31 || w1 != 57 {
		t.Errorf("overlapping ranges: out[%d], out[%d] = %d, %d, want 31, 57", g, g+1, w0, w1)
	}
	if v := variants(); v != 1 {
		t.Errorf("%d aliased variants, want 1 (both dispatches alias the same bindings)", v)
	}
	k.mu.Lock()
	if len(k.pipes) <= plain {
		t.Errorf("%d pipelines after the aliased dispatches, %d before", len(k.pipes), plain)
	}
	k.mu.Unlock()

	// Both arguments read only: nothing to see, no variant.
	dr, err := d.BuildProgram(compile(t, `kernel void r(global int *out, global const int *x, global const int *y) { out[0] = x[0] + y[1]; }`))
	if err != nil {
		t.Fatal(err)
	}
	defer dr.Release()
	kr, err := dr.Kernel("r")
	if err != nil {
		t.Fatal(err)
	}
	defer kr.Release()
	must(q.Dispatch(t.Context(), kr, []driver.Arg{arg(b, 0, size), arg(a, 0, size), arg(a, 0, size)}, nd, nil))
	if v := len(dr.(*program).aliasModules); v != 0 {
		t.Errorf("%d aliased variants for two read-only arguments of one buffer", v)
	}
}
