package compiler

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// compilePhysical compiles src with the given addressing for Vulkan 1.1
// and 1.3, validates both modules with spirv-val, and returns the 1.1
// result.
func compilePhysical(t *testing.T, src string, mode Addressing) *Result {
	t.Helper()
	var first *Result
	for _, env := range []TargetEnv{Vulkan11, Vulkan13} {
		opts := DefaultOptions()
		opts.Std = 300
		opts.TargetEnv = env
		opts.Addressing = mode
		res, err := Compile(src, opts)
		if err != nil {
			t.Fatalf("%s: %v", env, res.Diagnostics.Render(func(string) (string, bool) { return src, true }))
		}
		spirvtest.ValidateModule(t, res.Module, string(env))
		if first == nil {
			first = res
		}
	}
	return first
}

// physicalShape checks what docs/physical.md §3 promises of a physical
// module: its memory model and capabilities, every PhysicalStorageBuffer
// pointer made by OpConvertUToPtr and used only by loads and stores with
// an Aligned operand and by atomics, and no access chain on one.
func physicalShape(t *testing.T, m *spirv.Module) {
	t.Helper()
	if am := spirv.AddressingModel(m.MemoryModel.Operands[0]); am != spirv.AddressingModelPhysicalStorageBuffer64 {
		t.Fatalf("addressing model %v, want PhysicalStorageBuffer64", am)
	}
	caps := map[spirv.Capability]bool{}
	for _, c := range m.Capabilities {
		caps[spirv.Capability(c.Operands[0])] = true
	}
	if !caps[spirv.CapabilityPhysicalStorageBufferAddresses] || !caps[spirv.CapabilityInt64] {
		t.Fatalf("capabilities %v lack PhysicalStorageBufferAddresses or Int64", caps)
	}
	psbTypes := map[spirv.ID]bool{}
	for _, in := range m.Globals {
		if in.Op == spirv.OpTypePointer && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassPhysicalStorageBuffer {
			psbTypes[in.Result] = true
		}
	}
	if len(psbTypes) == 0 {
		t.Fatal("no PhysicalStorageBuffer pointer type")
	}
	psb := map[spirv.ID]bool{}
	for _, fn := range m.Functions {
		for _, blk := range fn.Blocks {
			for _, in := range blk.Insts {
				if psbTypes[in.ResultType] {
					if in.Op != spirv.OpConvertUToPtr {
						t.Fatalf("PhysicalStorageBuffer pointer %%%d made by %v, want OpConvertUToPtr", in.Result, in.Op)
					}
					psb[in.Result] = true
				}
			}
		}
	}
	for _, fn := range m.Functions {
		for _, blk := range fn.Blocks {
			for _, in := range blk.Insts {
				for i, w := range in.Operands {
					if !psb[spirv.ID(w)] {
						continue
					}
					switch in.Op {
					case spirv.OpLoad:
						if i != 0 || len(in.Operands) < 3 || in.Operands[1]&uint32(spirv.MemoryAccessAligned) == 0 {
							t.Fatalf("OpLoad %%%d of a PhysicalStorageBuffer pointer without Aligned", in.Result)
						}
					case spirv.OpStore:
						if i != 0 || len(in.Operands) < 4 || in.Operands[2]&uint32(spirv.MemoryAccessAligned) == 0 {
							t.Fatalf("OpStore to a PhysicalStorageBuffer pointer without Aligned")
						}
					case spirv.OpAtomicLoad, spirv.OpAtomicStore, spirv.OpAtomicExchange, spirv.OpAtomicCompareExchange,
						spirv.OpAtomicIIncrement, spirv.OpAtomicIDecrement, spirv.OpAtomicIAdd, spirv.OpAtomicISub,
						spirv.OpAtomicSMin, spirv.OpAtomicUMin, spirv.OpAtomicSMax, spirv.OpAtomicUMax,
						spirv.OpAtomicAnd, spirv.OpAtomicOr, spirv.OpAtomicXor:
						if i != 0 {
							t.Fatalf("%v uses a PhysicalStorageBuffer pointer as a value", in.Op)
						}
					default:
						t.Fatalf("%v uses PhysicalStorageBuffer pointer %%%d; only loads, stores and atomics may", in.Op, w)
					}
				}
			}
		}
	}
}

func pointerArgKinds(k *spirv.Kernel) map[string]spirv.ArgKind {
	out := map[string]spirv.ArgKind{}
	for _, a := range k.Args {
		out[a.Name] = a.Kind
	}
	return out
}

// TestPhysicalPointerArgs: __global and __constant pointer arguments are
// 8-byte addresses in push constants, after the work-item values; POD
// arguments are unchanged; accesses are typed loads and stores, vectors
// at once.
func TestPhysicalPointerArgs(t *testing.T) {
	const src = `
kernel void k(global float4 *a, constant float *b, global uchar *c, float s, global long *d) {
	size_t i = get_global_id(0);
	a[i] = a[i] * s + b[i];
	c[i] = (uchar)i;
	d[i] += 1;
	a[i].y = 2.0f;
}`
	res := compilePhysical(t, src, AddressingPhysical)
	physicalShape(t, res.Module)
	k := res.Reflection.Kernel("k")
	kinds := pointerArgKinds(k)
	for _, name := range []string{"a", "b", "c", "d"} {
		if kinds[name] != spirv.ArgPointerPushConstant {
			t.Errorf("argument %s: kind %v, want pointer_pushconstant", name, kinds[name])
		}
	}
	if kinds["s"] != spirv.ArgPOD {
		t.Errorf("argument s: kind %v, want pod", kinds["s"])
	}
	seen := map[uint32]bool{}
	for _, a := range k.Args {
		if a.Kind == spirv.ArgPointerPushConstant {
			if a.Size != 8 || a.Offset%8 != 0 || seen[a.Offset] || a.Offset+8 > 128 {
				t.Errorf("argument %s: offset %d size %d", a.Name, a.Offset, a.Size)
			}
			seen[a.Offset] = true
		}
	}
	if res.Reflection.SVMTable != nil {
		t.Errorf("a module with no pointer in memory declares an SVM table: %+v", res.Reflection.SVMTable)
	}
	dis := spirv.Disassemble(res.Module, spirv.DisOptions{})
	if !strings.Contains(dis, "OpLoad %v4float") {
		t.Errorf("float4 is not loaded at once:\n%s", dis)
	}
}

// TestPhysicalPointerArgsUBO: past 128 bytes of push constants the
// pointer arguments are a uniform buffer of addresses.
func TestPhysicalPointerArgsUBO(t *testing.T) {
	var params, body []string
	for i := 0; i < 18; i++ {
		params = append(params, "global int *p"+string(rune('a'+i)))
		body = append(body, "p"+string(rune('a'+i))+"[i] = i;")
	}
	src := "kernel void k(" + strings.Join(params, ", ") + ") { int i = get_global_id(0); " + strings.Join(body, " ") + " }"
	res := compilePhysical(t, src, AddressingPhysical)
	physicalShape(t, res.Module)
	k := res.Reflection.Kernel("k")
	for i, a := range k.Args {
		if a.Kind != spirv.ArgPointerUBO || a.Offset != uint32(8*i) || a.Size != 8 {
			t.Fatalf("argument %s: %v offset %d size %d, want pointer_ubo at %d", a.Name, a.Kind, a.Offset, a.Size, 8*i)
		}
	}
}

// TestPhysicalLinkedList builds a linked list of the CTS's SVM Node in
// one kernel (nodes allocated with atomic_inc on a global counter) and
// walks it back: pointers stored in and loaded from global memory, with
// the SVM table declared and reflected.
func TestPhysicalLinkedList(t *testing.T) {
	const src = `
typedef struct Node { int global_id; int position_in_list; __global struct Node* pNext; } Node;
typedef struct Head { global Node *first; } Head;
kernel void build_and_walk(global Node *pool, global volatile int *counter, global Head *heads, global int *out, int n) {
	int id = get_global_id(0);
	global Node *head = 0;
	for (int i = 0; i < n; i++) {
		int slot = atomic_inc(counter);
		global Node *nd = &pool[slot];
		nd->global_id = id;
		nd->position_in_list = i;
		nd->pNext = head;
		head = nd;
	}
	heads[id].first = head;
	int count = 0, pos = n;
	for (global Node *p = heads[id].first; p; p = p->pNext) {
		if (p->global_id == id && p->position_in_list == --pos) count++;
	}
	out[id] = count;
}`
	for _, mode := range []Addressing{AddressingPhysical, AddressingAuto} {
		res := compilePhysical(t, src, mode)
		physicalShape(t, res.Module)
		st := res.Reflection.SVMTable
		if st == nil || st.Size != 8 || st.Offset%8 != 0 {
			t.Fatalf("addressing %v: SVM table %+v, want an 8-byte push constant", mode, st)
		}
		// The reflection reads back from the binary.
		m, err := spirv.Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		r, err := spirv.ReadReflection(m)
		if err != nil {
			t.Fatal(err)
		}
		if r.SVMTable == nil || *r.SVMTable != *st {
			t.Fatalf("SVM table read back as %+v, want %+v", r.SVMTable, st)
		}
	}
	// Logical addressing cannot: the diagnostic Auto switches on.
	opts := DefaultOptions()
	if _, err := Compile(src, opts); err == nil || !strings.Contains(err.Error(), "pointers stored in buffers are not supported") {
		t.Fatalf("logical: %v, want the stored-pointer error", err)
	}
}

// TestPhysicalShapes compiles the other shapes of physical code: pointer
// arithmetic and comparison, type punning, unions and packed structs in
// global memory, 32- and 64-bit atomics (OpenCL 1.x and C11), integer
// casts both ways, generic pointers to global or local memory stored in
// private memory, and program-scope __global variables.
func TestPhysicalShapes(t *testing.T) {
	cases := map[string]string{
		"arith": `
kernel void k(global int *a, global int *b, global long *out) {
	global int *p = a + get_global_id(0);
	global int *q = p + 3;
	p++;
	out[0] = q - p;
	out[1] = p < q;
	out[2] = (a == b) ? 1 : 0;
	global int *r = get_global_id(0) & 1 ? a : b;
	*r = 5;
	if (b) out[3] = *(q - 1);
}`,
		"pun": `
typedef union U { float f; uint u; uchar b[4]; } U;
typedef struct __attribute__((packed)) P { uchar c; int i; short s; } P;
kernel void k(global float *f, global U *u, global P *p, global uint *out) {
	size_t i = get_global_id(0);
	global uint *w = (global uint *)f;
	out[i] = w[i] + ((global uchar *)f)[3];
	U x = u[i];
	x.b[1] = 7;
	u[i] = x;
	p[i].i = p[i].s + p[i].c;
	vstore4(vload4(i, f), i + 1, f);
}`,
		"atomics": `
kernel void k(global int *c, global ulong *c64, global atomic_int *a, global atomic_long *a64, global float *fx) {
	atomic_inc(c);
	atomic_min(c + 1, 3);
	atom_add(c64, 5UL);
	atom_cmpxchg(c64 + 1, 0UL, 1UL);
	atomic_fetch_add_explicit(a, 1, memory_order_relaxed);
	atomic_store(a64, atomic_load(a64) + 1);
	long e = 0;
	atomic_compare_exchange_strong(a64 + 1, &e, 2L);
	atomic_xchg(fx, 1.5f);
}`,
		"intcast": `
kernel void k(global int *a, global ulong *addrs, global int *out) {
	size_t i = get_global_id(0);
	ulong x = (ulong)(a + i);
	addrs[i] = x;
	global int *back = (global int *)addrs[i ^ 1];
	out[i] = *back + (int)(x & 3);
	uintptr_t y = (uintptr_t)&out[i];
	*(global int *)(y + 4) = 1;
}`,
		"generic": `
kernel void k(global int *g, local int *l, global int *out) {
	int priv[4] = {1, 2, 3, 4};
	int *ps[3];
	ps[0] = g;
	ps[1] = l;
	ps[2] = priv;
	l[get_local_id(0)] = 9;
	barrier(CLK_LOCAL_MEM_FENCE);
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += *ps[i];
	out[get_global_id(0)] = s;
}`,
		"progvars": `
global int counter = 5;
global int table[4] = {1, 2, 3, 4};
global int *global saved;
kernel void k(global int *a) {
	size_t i = get_global_id(0);
	atomic_inc(&counter);
	saved = a;
	saved[i] = table[i & 3] + counter;
}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			res := compilePhysical(t, src, AddressingPhysical)
			physicalShape(t, res.Module)
			if name == "progvars" {
				ps := res.Reflection.ProgramScopeVariables
				if ps == nil || !ps.PushConstant || ps.Size != 8 || len(ps.Data) == 0 {
					t.Fatalf("program-scope variables reflected as %+v, want an 8-byte push constant", ps)
				}
			}
			if name == "intcast" && res.Reflection.SVMTable == nil {
				t.Fatal("integer casts without an SVM table")
			}
		})
	}
}

// TestAutoAddressing: Auto keeps modules that logical addressing
// expresses logical (pointer casts within the kernel included), and
// lowers the others physically: an integer that never was a pointer
// converted to a __global pointer, a pointer in a buffer
// (TestPhysicalLinkedList).
func TestAutoAddressing(t *testing.T) {
	const plain = `
kernel void k(global float *a, global int *b) {
	size_t i = get_global_id(0);
	global int *p = (global int *)a;
	b[i] = p[i] + (int)((ulong)(b + 1) - (ulong)b);
}`
	res := compilePhysical(t, plain, AddressingAuto)
	if am := spirv.AddressingModel(res.Module.MemoryModel.Operands[0]); am != spirv.AddressingModelLogical {
		t.Fatalf("auto: addressing model %v for a module logical addressing expresses", am)
	}
	if strings.Contains(spirv.Disassemble(res.Module, spirv.DisOptions{}), "PhysicalStorageBuffer") {
		t.Fatal("auto: physical storage buffers in a logical module")
	}
	const fromInt = `
kernel void k(ulong addr, global int *out) {
	global int *p = (global int *)addr;
	out[get_global_id(0)] = *p;
}`
	res = compilePhysical(t, fromInt, AddressingAuto)
	physicalShape(t, res.Module)
}

// TestPhysicalDiagnostics: what physical addressing refuses, with the
// reason.
func TestPhysicalDiagnostics(t *testing.T) {
	const src = `
global int x;
global int *global px = &x;
kernel void k(global int *out) { out[0] = *px; }`
	opts := DefaultOptions()
	opts.Std = 300
	opts.Addressing = AddressingPhysical
	_, err := Compile(src, opts)
	if err == nil || !strings.Contains(err.Error(), "3:20: error: program-scope pointer 'px' may be initialized only with NULL under physical addressing; initialize it in a kernel") {
		t.Fatalf("got %v", err)
	}
}

// TestPhysicalOptions: the option spellings and the need for 64-bit
// pointers.
func TestPhysicalOptions(t *testing.T) {
	for opt, want := range map[string]Addressing{
		"-physical-storage-buffers":      AddressingPhysical,
		"-physical-storage-buffers=auto": AddressingAuto,
		"--physical-storage-buffers=0":   AddressingLogical,
		"-physical-storage-buffers=1":    AddressingPhysical,
	} {
		o, err := ParseOptions(opt)
		if err != nil || o.Addressing != want || len(o.OptionWarnings) != 0 {
			t.Errorf("%s: %v %v %v, want %v", opt, o.Addressing, err, o.OptionWarnings, want)
		}
	}
	if _, err := ParseOptions("-physical-storage-buffers=maybe"); err == nil {
		t.Error("-physical-storage-buffers=maybe accepted")
	}
	// -arch=spir keeps 32-bit pointers: physical addressing is refused,
	// Auto stays logical.
	const src = "kernel void k(global int *a) { a[get_global_id(0)] = 1; }"
	o, _ := ParseOptions("-arch=spir -physical-storage-buffers")
	if _, err := Compile(src, o); err == nil || !strings.Contains(err.Error(), "needs 64-bit pointers (-arch=spir64)") {
		t.Errorf("-arch=spir -physical-storage-buffers: %v", err)
	}
	o, _ = ParseOptions("-arch=spir -physical-storage-buffers=auto")
	res, err := Compile(src, o)
	if err != nil || spirv.AddressingModel(res.Module.MemoryModel.Operands[0]) != spirv.AddressingModelLogical {
		t.Errorf("-arch=spir -physical-storage-buffers=auto: %v", err)
	}
}
