package host

import (
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
)

// The aliasing differential test: random kernels (aliasgen_test.go) whose
// buffer arguments a dispatch binds to one buffer, whole or as
// overlapping ranges (what one cl_mem passed twice, or overlapping
// sub-buffers, give a kernel), run on every tier and on the Go executor
// with every optimization off, each compared word for word with the
// sequential Go model, which assumes nothing about aliasing.

var (
	aliasN    = flag.Int("aliasfuzz.n", 60, "random kernels TestAliasFuzz runs")
	aliasSeed = flag.Int64("aliasfuzz.seed", 1, "first seed of TestAliasFuzz")
)

// agShape is a dispatch's NDRange and words per work-item.
type agShape struct {
	gx, gy, lx, ly int
	s              uint32
}

var agShapes = []agShape{
	{64, 1, 16, 1, 1},
	{32, 1, 8, 1, 4},
	{24, 1, 8, 1, 8},
	{8, 8, 4, 4, 1},
	{16, 4, 8, 2, 4},
	{1, 1, 1, 1, 16},
	{40, 1, 40, 1, 1},
	{16, 2, 8, 2, 8},
	{64, 1, 2, 1, 1},
	{48, 1, 1, 1, 4},
	{128, 1, 64, 1, 1},
	{64, 2, 32, 2, 1},
}

// agLayout binds a, b and c: mem[x] is the memory buffer x is bound to,
// off[x] its first word there.
type agLayout struct {
	name string
	mem  [3]int
	off  [3]uint32
}

// agLayouts gives the layouts of one seed: separate buffers, one buffer
// three times, two of them one buffer, and three ranges of one buffer
// at random offsets (overlapping wherever they are less than the span of
// the work-items apart).
func agLayouts(r *rand.Rand, s uint32) []agLayout {
	rnd := func() uint32 { return uint32(r.Intn(int(2*s + 5))) }
	return []agLayout{
		{"separate", [3]int{0, 1, 2}, [3]uint32{}},
		{"a=b=c", [3]int{0, 0, 0}, [3]uint32{}},
		{"a=b", [3]int{0, 0, 1}, [3]uint32{}},
		{"b=c", [3]int{0, 1, 1}, [3]uint32{}},
		{"a=c", [3]int{0, 1, 0}, [3]uint32{}},
		{"overlap", [3]int{0, 0, 0}, [3]uint32{rnd(), rnd(), rnd()}},
		{"overlap ab", [3]int{0, 0, 1}, [3]uint32{rnd(), rnd(), 0}},
	}
}

// agTier is one way of running a kernel.
type agTier struct {
	name, env string
}

var agTiers = []agTier{
	{"lane tier", "lanes"},
	{"native code", "native"},
}

// agWords is the memory of a layout: the largest offset B, the words each
// work-item reaches past it, and each memory buffer's length.
func agWords(l agLayout, sh agShape) (base uint32, lens [3]int) {
	base = max(l.off[0], l.off[1], l.off[2])
	span := base + uint32(sh.gx*sh.gy)*sh.s
	for x := range 3 {
		lens[l.mem[x]] = int(span) + 3 // three words nobody reaches
	}
	return base, lens
}

// agInit is the memory's first contents.
func agInit(seed int64, lens [3]int) [3][]uint32 {
	r := rand.New(rand.NewSource(seed ^ 0x5eed))
	var m [3][]uint32
	for i, n := range lens {
		m[i] = make([]uint32, n)
		for j := range m[i] {
			m[i][j] = r.Uint32() >> uint(r.Intn(32))
		}
	}
	return m
}

// agModel runs k's model over every work-group in order, and in each its
// work-items in order up to the barrier, then after it.
func agModel(k agKernel, l agLayout, sh agShape, n uint32, init [3][]uint32) (mem [3][]uint32, err error) {
	for i := range init {
		mem[i] = append([]uint32(nil), init[i]...)
	}
	base, _ := agWords(l, sh)
	v := agEnv{n: n}
	for x := range 3 {
		v.d[x] = base - l.off[x]
		v.mem[x] = mem[l.mem[x]][l.off[x]:]
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("model: %v", r)
		}
	}()
	items := make([]agEnv, sh.lx*sh.ly)
	for gy := 0; gy < sh.gy; gy += sh.ly {
		for gx := 0; gx < sh.gx; gx += sh.lx {
			for y := range sh.ly {
				for x := range sh.lx {
					w := &items[y*sh.lx+x]
					*w = v
					w.i = uint32((gy+y)*sh.gx + gx + x)
				}
			}
			for phase := range 2 {
				for w := range items {
					k.model(&items[w], phase)
				}
			}
		}
	}
	return mem, nil
}

// agDecode decodes code for tier ti: the tier chosen as its environment
// says.
func agDecode(t *testing.T, ti agTier, code []byte) *Module {
	t.Helper()
	setTierIn(t, ti.env)
	m, err := Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// agRun runs code's kernel k on tier ti through the driver, a, b and c
// bound as l says, and returns the memory after it and whether the tier
// ran it.
func agRun(t *testing.T, code []byte, ti agTier, l agLayout, sh agShape, n uint32, init [3][]uint32) ([3][]uint32, bool) {
	t.Helper()
	setTierIn(t, ti.env)
	dev := NewDevice()
	p, err := dev.BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	var bufs [3]driver.Buffer
	for i, w := range init {
		if len(w) == 0 {
			continue
		}
		b, err := dev.NewBuffer(uint64(4 * len(w)))
		if err != nil {
			t.Fatal(err)
		}
		defer b.Release()
		bs := make([]byte, 4*len(w))
		for j, x := range w {
			binary.LittleEndian.PutUint32(bs[4*j:], x)
		}
		if _, err := q.WriteBuffer(b, 0, bs, nil); err != nil {
			t.Fatal(err)
		}
		bufs[i] = b
	}
	base, _ := agWords(l, sh)
	var args []driver.Arg
	for x := range 3 {
		m := l.mem[x]
		args = append(args, driver.Arg{Kind: driver.ArgBuffer, Buffer: bufs[m],
			Offset: 4 * uint64(l.off[x]), Size: 4 * (uint64(len(init[m])) - uint64(l.off[x]))})
	}
	pod := func(v uint32) driver.Arg {
		return driver.Arg{Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, v)}
	}
	args = append(args, pod(n), pod(base-l.off[0]), pod(base-l.off[1]), pod(base-l.off[2]))
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	dims := 1
	if sh.gy > 1 {
		dims = 2
	}
	nd := driver.Uniform(dims, [3]uint64{}, [3]uint64{uint64(sh.gx), uint64(sh.gy), 1}, [3]uint64{uint64(sh.lx), uint64(sh.ly), 1})
	ctx := context.Background()
	ev, err := q.Dispatch(ctx, k, args, nd, nil)
	if err != nil {
		t.Fatalf("%s: dispatch: %v", ti.name, err)
	}
	if err := ev.Wait(ctx); err != nil {
		t.Fatalf("%s: %v", ti.name, err)
	}
	var out [3][]uint32
	for i, b := range bufs {
		if b == nil {
			continue
		}
		bs := make([]byte, 4*len(init[i]))
		if _, err := q.ReadBuffer(b, 0, bs, nil); err != nil {
			t.Fatal(err)
		}
		if err := q.Finish(ctx); err != nil {
			t.Fatal(err)
		}
		out[i] = make([]uint32, len(init[i]))
		for j := range out[i] {
			out[i][j] = binary.LittleEndian.Uint32(bs[4*j:])
		}
	}
	pks := k.(*kernel).preparedKernels()
	if len(pks) != 1 {
		t.Fatalf("%s: %d prepared kernels, want 1", ti.name, len(pks))
	}
	switch pk := pks[0]; ti.env {
	case "lanes":
		return out, !pk.tier.native
	case "native":
		return out, pk.tier.native || !NativeOK()
	}
	return out, false
}

// agDiff describes the first word where got and want differ, or "".
func agDiff(got, want [3][]uint32) string {
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				return fmt.Sprintf("memory %d word %d: %#x, want %#x", i, j, got[i][j], want[i][j])
			}
		}
	}
	return ""
}

// TestAliasFuzz runs the random kernels of seeds aliasfuzz.seed on, each
// under every layout, on every tier: each must give the model's memory.
func TestAliasFuzz(t *testing.T) {
	refused := map[string]int{}
	var err error
	for seed := *aliasSeed; seed < *aliasSeed+int64(*aliasN); seed++ {
		sh := agShapes[int(seed)%len(agShapes)]
		// A barrier and partners' words where the groups' rows are even.
		swap := sh.lx%2 == 0 && seed%3 != 0
		k := genAliasKernel(seed, sh.s, swap)
		// Every fourth kernel under physical addressing (docs/physical.md):
		// its buffers are 64-bit addresses, any of which may reach any
		// memory.
		opts := compiler.DefaultOptions()
		if seed%4 == 3 {
			if opts, err = compiler.ParseOptions("-physical-storage-buffers -arch=spir64"); err != nil {
				t.Fatal(err)
			}
		}
		res, err := compiler.Compile(k.src, opts)
		if err != nil {
			t.Fatalf("seed %d: compile: %v\n%s", seed, err, k.src)
		}
		n := uint32(1 + seed%3)
		for _, l := range agLayouts(rand.New(rand.NewSource(seed)), sh.s) {
			_, lens := agWords(l, sh)
			init := agInit(seed, lens)
			want, err := agModel(k, l, sh, n, init)
			if err != nil {
				t.Fatalf("seed %d, %s: %v\n%s", seed, l.name, err, k.src)
			}
			for _, ti := range agTiers {
				got, on := agRun(t, res.SPIRV, ti, l, sh, n, init)
				if !on {
					refused[ti.name]++
					continue
				}
				if d := agDiff(got, want); d != "" {
					t.Errorf("seed %d, %v, layout %s %v: %s: %s\n%s", seed, sh, l.name, l.off, ti.name, d, k.src)
				}
			}
		}
	}
	for n, c := range refused {
		t.Logf("%s refused %d runs", n, c)
	}
}

// aliasLoopKernel reads in[i] in a loop after each store to out[i + d]:
// bound so that in[i] is out[i + d], the loads see the stores.
const aliasLoopKernel = `kernel void k(global uint *out, const global uint *in, uint d, uint n) {
	uint i = get_global_id(0);
	uint s = in[i];
	for (uint j = 0; j < n; j++) {
		out[i + d] = s * 3u + j;
		s += in[i];
	}
	out[i + d] = s;
}`

// TestAliasModuleResources dispatches aliasLoopKernel through the Module
// API with out and in Resources sharing one []byte, in starting d words
// after out (d = 0: one buffer twice), on every tier: each word must be
// the one worked out in Go.
func TestAliasModuleResources(t *testing.T) {
	res, err := compiler.Compile(aliasLoopKernel, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	const items, n = 48, 4
	for _, d := range []uint32{0, 1, 5, 47} {
		for _, ti := range agTiers {
			m := agDecode(t, ti, res.SPIRV)
			k := prepare(t, m, "k", map[uint32]uint64{0: 16, 1: 1, 2: 1})
			switch ti.env {
			case "lanes":
				if k.OnNative() {
					t.Fatalf("%s: native code", ti.name)
				}
			case "native":
				if !k.OnNative() && NativeOK() {
					t.Fatalf("%s: not on native code", ti.name)
				}
			}
			words := int(d) + items + 1
			mem := make([]byte, 4*words)
			for w := range words {
				binary.LittleEndian.PutUint32(mem[4*w:], uint32(w*5+2))
			}
			pod := binary.LittleEndian.AppendUint32(nil, d)
			pod = binary.LittleEndian.AppendUint32(pod, n)
			dsp := &Dispatch{Groups: [3]int{items / 16, 1, 1}, Resources: []Resource{
				{Set: 0, Binding: 0, Data: mem},
				{Set: 0, Binding: 1, Data: mem[4*d:]},
				{Set: 0, Binding: 2, Data: pod},
			}}
			if err := k.Run(context.Background(), dsp); err != nil {
				t.Fatal(err)
			}
			for w := range words {
				want := uint32(w*5 + 2)
				if i := w - int(d); i >= 0 && i < items {
					s := want
					for j := range uint32(n) {
						s += s*3 + j // in[i] is the word just stored
					}
					want = s
				}
				if got := binary.LittleEndian.Uint32(mem[4*w:]); got != want {
					t.Errorf("d %d, %s: word %d = %#x, want %#x", d, ti.name, w, got, want)
					break
				}
			}
		}
	}
}

var aliasRefN = flag.Int("aliasfuzz.ref", 12, "random kernels TestAliasFuzzReference runs on the reference OpenCL")

// AliasRef runs a kernel on a reference OpenCL (aliasref_test.go): src's
// kernel k over global and local, with argument x bound to memory
// bind[x] (whole, from its first word), mem the memories' first
// contents (nil: unused), and uint arguments pods after them; it returns
// the memories after the run.
type AliasRef func(src string, global, local []uint64, mem [3][]uint32, bind [3]int, pods []uint32) ([3][]uint32, error)

// AliasReference checks the Go model against run: the random kernels of
// TestAliasFuzz, under the layouts that bind whole buffers (one buffer as
// two or three arguments), must leave the model's memory there too.
func AliasReference(t *testing.T, run AliasRef) {
	for seed := *aliasSeed; seed < *aliasSeed+int64(*aliasRefN); seed++ {
		sh := agShapes[int(seed)%len(agShapes)]
		swap := sh.lx%2 == 0 && seed%3 != 0
		k := genAliasKernel(seed, sh.s, swap)
		n := uint32(1 + seed%3)
		global, local := []uint64{uint64(sh.gx)}, []uint64{uint64(sh.lx)}
		if sh.gy > 1 {
			global, local = []uint64{uint64(sh.gx), uint64(sh.gy)}, []uint64{uint64(sh.lx), uint64(sh.ly)}
		}
		for _, l := range agLayouts(rand.New(rand.NewSource(seed)), sh.s) {
			if l.off != [3]uint32{} {
				continue // whole buffers only
			}
			_, lens := agWords(l, sh)
			init := agInit(seed, lens)
			want, err := agModel(k, l, sh, n, init)
			if err != nil {
				t.Fatal(err)
			}
			got, err := run(k.src, global, local, init, l.mem, []uint32{n, 0, 0, 0})
			if err != nil {
				t.Fatalf("seed %d, layout %s: reference: %v\n%s", seed, l.name, err, k.src)
			}
			if d := agDiff(got, want); d != "" {
				t.Errorf("seed %d, %v, layout %s: the reference and the model differ: %s\n%s", seed, sh, l.name, d, k.src)
			}
		}
	}
}

// aliasAtomicKernel updates a few words from every work-item with atomics
// through a, b and c: bound to one memory, or to ranges of it a word or
// two apart, the updates of different arguments meet in the same words,
// and only their sum is defined (they commute).
const aliasAtomicKernel = `kernel void k(global uint *a, global uint *b, global uint *c, uint n, uint da, uint db, uint dc) {
	uint i = get_global_id(0);
	atomic_add(&a[i % 4u], i);
	atomic_inc(&b[i % 4u]);
	atomic_sub(&c[(i >> 2) % 4u], 3u);
	atomic_add(&a[4u + i % 2u], n);
	atomic_dec(&b[5u]);
	// b[16] only this update reaches: its parity stays, whatever the
	// order (the old value read back).
	uint old = atomic_add(&b[16u], 2u);
	atomic_add(&c[6u], 1u + (old & 1u));
}`

// TestAliasAtomics runs aliasAtomicKernel over 4096 work-items on every
// tier with a, b and c bound to separate buffers, to one buffer, and to
// ranges of one buffer one and two words apart: every word must be its
// first value plus the updates that reach it.
func TestAliasAtomics(t *testing.T) {
	res, err := compiler.Compile(aliasAtomicKernel, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	sh := agShape{4096, 1, 64, 1, 1}
	const n = 7
	for _, l := range []agLayout{
		{"separate", [3]int{0, 1, 2}, [3]uint32{}},
		{"a=b=c", [3]int{0, 0, 0}, [3]uint32{}},
		{"overlap", [3]int{0, 0, 0}, [3]uint32{0, 1, 2}},
		{"overlap ca", [3]int{0, 1, 0}, [3]uint32{3, 0, 0}},
	} {
		_, lens := agWords(l, sh)
		init := agInit(int64(len(l.name)), lens)
		var want [3][]uint32
		for i := range init {
			want[i] = append([]uint32(nil), init[i]...)
		}
		word := func(x int, o uint32) *uint32 { return &want[l.mem[x]][l.off[x]+o] }
		odd := *word(1, 16) & 1
		for i := range uint32(sh.gx) {
			*word(0, i%4) += i
			*word(1, i%4)++
			*word(2, (i>>2)%4) -= 3
			*word(0, 4+i%2) += n
			*word(1, 5)--
			*word(1, 16) += 2
			*word(2, 6) += 1 + odd
		}
		for _, ti := range agTiers {
			got, on := agRun(t, res.SPIRV, ti, l, sh, n, init)
			if !on {
				t.Fatalf("%s: not on the tier", ti.name)
			}
			if d := agDiff(got, want); d != "" {
				t.Errorf("layout %s %v: %s: %s", l.name, l.off, ti.name, d)
			}
		}
	}
}

// aliasTrapKernel indexes out with a value it loads through in after
// storing it through out: where in and out are one buffer, j is v and
// the store traps (a negative index); else, or where in is a copy of the
// memory that out's stores do not reach, it does not.
const aliasTrapKernel = `kernel void k(global int *out, global int *in) {
	int i = get_global_id(0);
	int v = out[i] + 1;
	out[i] = v;
	int j = in[i];
	out[j == v ? i - 2000 : i] = 5;
}`

// TestAliasTrapReplay dispatches aliasTrapKernel with in and out one
// buffer on every tier: each must fail with the same error, which names
// the offset. (The tiers' 32-bit offsets cannot hold a negative one: they
// replay the group by lanes.BuildExact's program, tier.go's
// exactGroupError, on copies of the buffers, which must alias as the
// buffers do or the replay runs in bounds and finds nothing.)
func TestAliasTrapReplay(t *testing.T) {
	res, err := compiler.Compile(aliasTrapKernel, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var want string
	for _, ti := range agTiers {
		m := agDecode(t, ti, res.SPIRV)
		k := prepare(t, m, "k", map[uint32]uint64{0: 8, 1: 1, 2: 1})
		mem := make([]byte, 4*64)
		d := &Dispatch{Groups: [3]int{8, 1, 1}, Workers: 1, Resources: []Resource{
			{Set: 0, Binding: 0, Data: mem},
			{Set: 0, Binding: 1, Data: mem},
		}}
		err = k.Run(context.Background(), d)
		if err == nil {
			t.Fatalf("%s: no error", ti.name)
		}
		if want == "" {
			want = err.Error()
			if !strings.Contains(want, "at offset -") || strings.Contains(want, "at offset -1 ") {
				t.Errorf("%s: %v, want the offset of out[i - 2000]", ti.name, err)
			}
		} else if err.Error() != want {
			t.Errorf("%s: %v\nwant %s", ti.name, err, want)
		}
	}
}
