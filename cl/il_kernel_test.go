package cl

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/spirv"
)

// The OpenCL-flavoured modules of testdata/il are made from the .cl files
// beside them by testdata/il/generate.sh (clang-15, llvm-spirv-15).

func ilModule(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "il", name+".spv"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readInts reads n ints of b after the queue's work.
func readInts(t *testing.T, q *Queue, b *Buffer, n int) []int32 {
	t.Helper()
	raw := make([]byte, 4*n)
	if _, err := q.EnqueueReadBuffer(b, 0, raw); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := make([]int32, n)
	for i := range out {
		out[i] = getInt(raw, i)
	}
	return out
}

// TestILKernelCreate: CreateProgramWithIL takes an OpenCL-flavoured module
// as given (CL_PROGRAM_IL), and refuses, with ErrInvalidValue naming the
// reason, one that does not decode or breaks the OpenCL environment's
// rules on the memory model and entry points.
func TestILKernelCreate(t *testing.T) {
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	code := ilModule(t, "kernel")
	p, err := c.CreateProgramWithIL(code)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if !p.KernelIL() || !slices.Equal(p.IL(), code) {
		t.Errorf("KernelIL %v, IL() equal to the module %v", p.KernelIL(), slices.Equal(p.IL(), code))
	}
	w := spirvWords(code)
	v16 := slices.Clone(w)
	v16[1] = 1<<16 | 6<<8
	if p16, err := c.CreateProgramWithIL(wordsBytes(v16)); err != nil {
		t.Errorf("SPIR-V 1.6: %v", err)
	} else {
		p16.Release()
	}
	edit := func(f func(at int, ins []uint32, w []uint32)) []byte {
		e := slices.Clone(w)
		eachInstruction(e, func(at int, ins []uint32) { f(at, ins, e) })
		return wordsBytes(e)
	}
	cases := []struct {
		name string
		code []byte
		want string
	}{
		{"Logical addressing", edit(func(at int, ins, w []uint32) {
			if spirv.Op(ins[0]&0xffff) == spirv.OpMemoryModel {
				w[at+1] = uint32(spirv.AddressingModelLogical)
			}
		}), "addressing model is 0, not Physical32 or Physical64"},
		{"GLSL450 memory model", edit(func(at int, ins, w []uint32) {
			if spirv.Op(ins[0]&0xffff) == spirv.OpMemoryModel {
				w[at+2] = uint32(spirv.MemoryModelGLSL450)
			}
		}), "memory model is 1, not OpenCL"},
		{"GLCompute entry point", edit(func(at int, ins, w []uint32) {
			if spirv.Op(ins[0]&0xffff) == spirv.OpEntryPoint {
				w[at+1] = uint32(spirv.ExecutionModelGLCompute)
			}
		}), "entry point of execution model 5, not Kernel"},
		{"truncated", edit(func(at int, ins, w []uint32) {
			if at+len(ins) == len(w) {
				w[at] += 1 << 16 // the last instruction one word longer than the module
			}
		}), "runs past the end of the module"},
		{"unknown opcode", edit(func(at int, ins, w []uint32) {
			if spirv.Op(ins[0]&0xffff) == spirv.OpReturn {
				w[at] = w[at]&^0xffff | 0x7ff0
			}
		}), "unknown opcode"},
	}
	for _, tc := range cases {
		_, err := c.CreateProgramWithIL(tc.code)
		if !errors.Is(err, ErrInvalidValue) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "OpenCL-flavoured") {
			t.Errorf("%s: %v, want CL_INVALID_VALUE saying %q", tc.name, err, tc.want)
		}
	}
}

// TestILKernelBuild: an OpenCL-flavoured module builds as source does, on
// each device: its kernel is listed, takes its arguments and runs; bad
// build options are ErrInvalidBuildOptions.
func TestILKernelBuild(t *testing.T) {
	for _, d := range svmDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			c, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(d, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			p, err := c.CreateProgramWithIL(ilModule(t, "kernel"))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Release()
			if err := p.Build("-cl-no-such-option"); !errors.Is(err, ErrInvalidBuildOptions) {
				t.Errorf("bad option: %v, want CL_INVALID_BUILD_OPTIONS", err)
			}
			err = p.Build("-cl-mad-enable")
			if err != nil {
				t.Fatal(err)
			}
			if st := p.BuildStatus(d); st != BuildSuccess {
				t.Errorf("status %d", st)
			}
			if names, err := p.KernelNames(); err != nil || !slices.Equal(names, []string{"scale"}) {
				t.Errorf("kernel names %q, %v", names, err)
			}
			k, err := p.CreateKernel("scale")
			if err != nil {
				t.Fatal(err)
			}
			defer k.Release()
			if k.NumArgs() != 2 {
				t.Errorf("%d arguments, want 2", k.NumArgs())
			}
			b, err := c.CreateBuffer(MemReadWrite, 4*8, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Release()
			if err := k.SetArgs(b, int32(-3)); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, nil); err != nil {
				t.Fatal(err)
			}
			got := readInts(t, q, b, 8)
			for i, v := range got {
				if v != int32(-3*i) {
					t.Errorf("a[%d] = %d, want %d", i, v, -3*i)
				}
			}
		})
	}
}

// TestILKernelSpecConstants: SetSpecializationConstant checks the SpecId
// and size against the module's constants (CL_INVALID_SPEC_ID,
// CL_INVALID_VALUE), and a build translates with the value set by then.
func TestILKernelSpecConstants(t *testing.T) {
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithIL(ilModule(t, "spec"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	for _, tc := range []struct {
		id    uint32
		value []byte
		code  ErrorCode
	}{
		{7, []byte{1, 2}, ErrInvalidValue},
		{7, []byte{1, 2, 3, 4, 5, 6, 7, 8}, ErrInvalidValue},
		{7, nil, ErrInvalidValue},
		{8, []byte{1, 2, 3, 4}, ErrInvalidSpecId},
		{0, []byte{1, 0, 0, 0}, ErrInvalidSpecId},
	} {
		if err := p.SetSpecializationConstant(tc.id, tc.value); !errors.Is(err, tc.code) {
			t.Errorf("SetSpecializationConstant(%d, %v): %v, want %v", tc.id, tc.value, err, tc.code)
		}
	}
	err = p.Build("")
	if err != nil {
		t.Fatal(err)
	}
	if v := runStore(t, c, q, p); v != 12345 {
		t.Errorf("default: %d, want 12345", v)
	}
	if err := p.SetSpecializationConstant(7, binary.LittleEndian.AppendUint32(nil, uint32(0xfffffd09))); err != nil { // -759
		t.Fatal(err)
	}
	if err := p.Build(""); err != nil {
		t.Fatal(err)
	}
	if v := runStore(t, c, q, p); v != -759 {
		t.Errorf("specialized: %d, want -759", v)
	}
}

// TestILKernelLink: two OpenCL-flavoured modules, one exporting a function
// and one importing it, compile on their own (clCompileProgram) and link
// (clLinkProgram) into a program whose kernel calls across them; a link
// of the importing module alone fails with a log naming the function.
func TestILKernelLink(t *testing.T) {
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	var progs []*Program
	for _, name := range []string{"export", "import"} {
		p, err := c.CreateProgramWithIL(ilModule(t, name))
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		err = p.Compile("")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if st := p.BuildStatus(d); st != BuildSuccess {
			t.Errorf("%s: status %d", name, st)
		}
		progs = append(progs, p)
	}
	lp, err := c.LinkProgram("", progs)
	if err != nil {
		t.Fatal(err)
	}
	defer lp.Release()
	k, err := lp.CreateKernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	b, err := c.CreateBuffer(MemReadWrite, 4*8, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := k.SetArg(0, b); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, nil); err != nil {
		t.Fatal(err)
	}
	for i, v := range readInts(t, q, b, 8) {
		if v != int32(2*i+5) {
			t.Errorf("a[%d] = %d, want %d", i, v, 2*i+5)
		}
	}
	alone, err := c.LinkProgram("", progs[1:])
	if !errors.Is(err, ErrLinkProgramFailure) || alone == nil || !strings.Contains(alone.BuildLog(d), "twice_plus") {
		t.Errorf("link without the export: %v", err)
	}
	if alone != nil {
		alone.Release()
	}
}

// fakeTranslator stands in for compiler/fromspirv in TestILKernelWiring:
// it knows the testdata modules by their bytes and gives OpenCL C of its
// own, so that the wiring around the translator (what it is given, what
// is done with its Result) is checked whatever the translator's state.
func fakeTranslator(t *testing.T, calls *[]fromspirv.Options) func([]uint32, fromspirv.Options) (*fromspirv.Result, error) {
	mods := map[string]string{}
	for _, name := range []string{"kernel", "spec", "export", "import"} {
		mods[string(ilModule(t, name))] = name
	}
	return func(w []uint32, opts fromspirv.Options) (*fromspirv.Result, error) {
		*calls = append(*calls, opts)
		switch mods[string(wordsBytes(w))] {
		case "kernel":
			// FACTOR comes from Result.Options, OFFSET from the build's.
			return &fromspirv.Result{
				Source:  "kernel void scale(global int *a, int by) { size_t i = get_global_id(0); a[i] = (int)i * by * FACTOR + OFFSET; }",
				Options: []string{"-DFACTOR=3"}, Entries: []string{"scale"},
			}, nil
		case "spec":
			v := int32(12345)
			if b, ok := opts.Spec[7]; ok {
				v = int32(binary.LittleEndian.Uint32(b))
			}
			return &fromspirv.Result{
				Source:  "kernel void k(global int *a) { a[get_global_id(0)] = " + strconv.Itoa(int(v)) + "; }",
				SpecIDs: map[uint32]int{7: 4, 9: 1}, Entries: []string{"k"},
			}, nil
		case "export":
			return &fromspirv.Result{Source: "int twice_plus(int x, int y) { return 2 * x + y; }", Exports: []string{"twice_plus"}}, nil
		case "import":
			// put's pointer is generic: the unit needs -cl-std=CL2.0 at
			// its compile and at every link.
			return &fromspirv.Result{
				Source: "int twice_plus(int x, int y);\n" +
					"static void put(int *p, int v) { *p = v; }\n" +
					"kernel void k(global int *a) { size_t i = get_global_id(0); put(&a[i], twice_plus((int)i, 5)); }\n",
				Options: []string{"-cl-std=CL2.0"}, Imports: []string{"twice_plus"}, Entries: []string{"k"},
			}, nil
		}
		return nil, errors.New("no such module, says the fake translator")
	}
}

// TestILKernelWiring: with a fake translator, a build translates with the
// specialization constants set by then and builds its Source with the
// build options and Result.Options; SetSpecializationConstant follows
// Result.SpecIDs; a compile keeps the options a unit needs for the link;
// a translator's error fails the build with the error in the log.
func TestILKernelWiring(t *testing.T) {
	var calls []fromspirv.Options
	saved := translateModule
	translateModule = fakeTranslator(t, &calls)
	defer func() { translateModule = saved }()
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()

	p, err := c.CreateProgramWithIL(ilModule(t, "kernel"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build("-DOFFSET=1"); err != nil {
		t.Fatal(err)
	}
	k, err := p.CreateKernel("scale")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := c.CreateBuffer(MemReadWrite, 4*4, nil)
	defer b.Release()
	k.SetArgs(b, int32(2))
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{4}, nil); err != nil {
		t.Fatal(err)
	}
	if got := readInts(t, q, b, 4); !slices.Equal(got, []int32{1, 7, 13, 19}) {
		t.Errorf("scale: %v, want i*2*3+1", got)
	}
	k.Release()

	sp, err := c.CreateProgramWithIL(ilModule(t, "spec"))
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Release()
	if err := sp.SetSpecializationConstant(9, []byte{1}); err != nil {
		t.Errorf("SpecId 9 (1 byte in Result.SpecIDs): %v", err)
	}
	if err := sp.SetSpecializationConstant(9, []byte{1, 0, 0, 0}); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("SpecId 9 given 4 bytes: %v", err)
	}
	if err := sp.SetSpecializationConstant(8, []byte{1, 0, 0, 0}); !errors.Is(err, ErrInvalidSpecId) {
		t.Errorf("SpecId 8: %v", err)
	}
	calls = nil
	if err := sp.SetSpecializationConstant(7, binary.LittleEndian.AppendUint32(nil, 77)); err != nil {
		t.Fatal(err)
	}
	if err := sp.Build(""); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || !slices.Equal(calls[0].Spec[7], []byte{77, 0, 0, 0}) || !slices.Equal(calls[0].Spec[9], []byte{1}) {
		t.Errorf("the build translated with %v, want one translation with SpecId 7 = 77, 9 = 1", calls)
	}
	if v := runStore(t, c, q, sp); v != 77 {
		t.Errorf("specialized: %d, want 77", v)
	}

	var units []*Program
	for _, name := range []string{"export", "import"} {
		u, err := c.CreateProgramWithIL(ilModule(t, name))
		if err != nil {
			t.Fatal(err)
		}
		defer u.Release()
		if err := u.Compile(""); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, u.BuildLog(d))
		}
		units = append(units, u)
	}
	want := []string{"-cl-std=CL2.0"}
	if d.physicalAddressing() {
		want = append(want, "-physical-storage-buffers")
	}
	if got := units[1].UnitOptions(d); !slices.Equal(got, want) {
		t.Errorf("import's UnitOptions %q", got)
	}
	for _, library := range []bool{false, true} {
		in := units
		if library {
			lib, err := c.LinkProgram("-create-library", units[1:])
			if err != nil {
				t.Fatal(err)
			}
			defer lib.Release()
			in = []*Program{units[0], lib}
		}
		lp, err := c.LinkProgram("", in)
		if err != nil {
			t.Fatalf("library %v: %v", library, err)
		}
		defer lp.Release()
		lk, err := lp.CreateKernel("k")
		if err != nil {
			t.Fatal(err)
		}
		ob, _ := c.CreateBuffer(MemReadWrite, 4*4, nil)
		lk.SetArg(0, ob)
		if _, err := q.EnqueueNDRangeKernel(lk, nil, []uint64{4}, nil); err != nil {
			t.Fatal(err)
		}
		if got := readInts(t, q, ob, 4); !slices.Equal(got, []int32{5, 7, 9, 11}) {
			t.Errorf("library %v: linked k: %v, want 2i+5", library, got)
		}
		lk.Release()
		ob.Release()
	}

	other := spirvWords(ilModule(t, "kernel"))
	other[3]++ // the id bound: a module the fake does not know
	bad, err := c.CreateProgramWithIL(wordsBytes(other))
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Release()
	if err := bad.Build(""); !errors.Is(err, ErrBuildProgramFailure) || !strings.Contains(bad.BuildLog(d), "says the fake translator") {
		t.Errorf("untranslatable: %v, log %q", err, bad.BuildLog(d))
	}
}

// TestILKernelLinkOnce: two modules that both define twice with
// LinkOnceODR linkage link, in either order and with one of them in a
// library, into a program with one twice (k stores twice(i) + helper(i)
// = 2i + 2i+1).
func TestILKernelLinkOnce(t *testing.T) {
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	compiled := func(name string) *Program {
		p, err := c.CreateProgramWithIL(ilModule(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Compile(""); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return p
	}
	main, obj := compiled("linkonce_main"), compiled("linkonce_obj")
	defer main.Release()
	defer obj.Release()
	lib, err := c.LinkProgram("-create-library", []*Program{obj})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Release()
	mainLib, err := c.LinkProgram("-create-library", []*Program{main})
	if err != nil {
		t.Fatal(err)
	}
	defer mainLib.Release()
	for name, in := range map[string][]*Program{
		"main, obj": {main, obj}, "obj, main": {obj, main},
		"main, library of obj": {main, lib}, "library of obj, main": {lib, main},
		"library of main, obj": {mainLib, obj},
	} {
		lp, err := c.LinkProgram("", in)
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, lp.BuildLog(d))
			continue
		}
		k, err := lp.CreateKernel("k")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := c.CreateBuffer(MemReadWrite, 4*8, nil)
		k.SetArg(0, b)
		if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, nil); err != nil {
			t.Fatal(err)
		}
		for i, v := range readInts(t, q, b, 8) {
			if v != int32(4*i+1) {
				t.Errorf("%s: a[%d] = %d, want %d", name, i, v, 4*i+1)
			}
		}
		k.Release()
		b.Release()
		lp.Release()
	}
}

// TestILKernelPointers: an OpenCL-flavoured module's pointers are
// addresses (its addressing model is Physical64) on devices with physical
// addresses: one buffer passed as two arguments gives pointers whose
// difference and integer values' difference are 0; two buffers give
// different ones (test_spirv_new's spirv14_ptrops).
func TestILKernelPointers(t *testing.T) {
	for _, d := range svmDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			if !d.physicalAddressing() {
				t.Skip("no physical addresses: the descriptor mapping's pointers are (binding, offset)")
			}
			c, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(d, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			p, err := c.CreateProgramWithIL(ilModule(t, "ptrs"))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Release()
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			k, err := p.CreateKernel("ptrs")
			if err != nil {
				t.Fatal(err)
			}
			defer k.Release()
			a, _ := c.CreateBuffer(MemReadWrite, 64, nil)
			b, _ := c.CreateBuffer(MemReadWrite, 64, nil)
			out, _ := c.CreateBuffer(MemReadWrite, 16, nil)
			defer a.Release()
			defer b.Release()
			defer out.Release()
			for _, same := range []bool{true, false} {
				second := b
				if same {
					second = a
				}
				if err := k.SetArgs(a, second, out); err != nil {
					t.Fatal(err)
				}
				if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); err != nil {
					t.Fatal(err)
				}
				raw := make([]byte, 16)
				q.EnqueueReadBuffer(out, 0, raw)
				if err := q.Finish(context.Background()); err != nil {
					t.Fatal(err)
				}
				diff, idiff := int64(binary.LittleEndian.Uint64(raw)), int64(binary.LittleEndian.Uint64(raw[8:]))
				if same && (diff != 0 || idiff != 0) {
					t.Errorf("one buffer twice: a - b %d, (ulong)a - (ulong)b %d; want 0, 0", diff, idiff)
				}
				if !same && (diff == 0 || idiff != 4*diff) {
					t.Errorf("two buffers: a - b %d, (ulong)a - (ulong)b %d; want non-zero, 4 times it", diff, idiff)
				}
			}
		})
	}
}
