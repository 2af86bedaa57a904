package host

import (
	"context"
	"encoding/binary"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
)

// physical builds testdata/physical.spvasm (PhysicalStorageBuffer64, its
// kernel interface as ClspvReflection instructions) and a queue.
func physical(t *testing.T) (*Device, driver.Program, driver.Queue) {
	t.Helper()
	dev := NewDevice()
	p, err := dev.BuildProgram(asmSPIRV(t, "physical.spvasm"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(q.Release)
	return dev, p, q
}

// launch runs kernel name over n work-items and waits for it.
func launch(t *testing.T, p driver.Program, q driver.Queue, name string, n, local uint64, args ...driver.Arg) error {
	t.Helper()
	k, err := p.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{local, 1, 1}), nil)
	if err != nil {
		return err
	}
	return ev.Wait(context.Background())
}

func newBuf(t *testing.T, dev *Device, data []byte) driver.Buffer {
	t.Helper()
	b, err := dev.NewBuffer(uint64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	copy(b.(*buffer).data, data)
	t.Cleanup(b.Release)
	return b
}

func ptrArg(b driver.Buffer, off uint64) driver.Arg {
	return driver.Arg{Kind: driver.ArgBuffer, Buffer: b, Offset: off}
}

func podArg(v uint32) driver.Arg {
	return driver.Arg{Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, v)}
}

// TestPhysicalLoadStore: float and int4 loads and stores through pointer
// arguments, one of them at an offset in its buffer.
func TestPhysicalLoadStore(t *testing.T) {
	dev, p, q := physical(t)
	const n = 16
	y, x, v := make([]float32, n), make([]float32, n+4), make([]uint32, 4*n)
	for i := range n {
		y[i], x[i+4] = float32(i), float32(2*i)
		v[4*i], v[4*i+1], v[4*i+2] = uint32(i), uint32(-i), uint32(10*i)
	}
	yb, xb, vb := newBuf(t, dev, f32s(y)), newBuf(t, dev, f32s(x)), newBuf(t, dev, u32s(v))
	a := driver.Arg{Kind: driver.ArgPOD, Bytes: f32s([]float32{0.5})}
	if err := launch(t, p, q, "axpy", n, 8, ptrArg(yb, 0), ptrArg(xb, 16), a, ptrArg(vb, 0)); err != nil {
		t.Fatal(err)
	}
	yo, vo := yb.(*buffer).data, vb.(*buffer).data
	for i := range n {
		if g, w := getF32(yo, i), float32(i)+0.5*float32(2*i); g != w {
			t.Errorf("y[%d] = %v, want %v", i, g, w)
		}
		want := [4]uint32{uint32(i) + 1, uint32(-i) + 2, uint32(10*i) + 3, 4}
		for c := range 4 {
			if g := getU32(vo, 4*i+c); g != want[c] {
				t.Errorf("v[%d].%d = %d, want %d", i, c, g, want[c])
			}
		}
	}
}

// TestPhysicalAtomics: 64- and 32-bit atomics through addresses, from 48
// work-items in 6 groups that may run on different workers.
func TestPhysicalAtomics(t *testing.T) {
	dev, p, q := physical(t)
	c64 := make([]byte, 32)
	binary.LittleEndian.PutUint64(c64[16:], 100)
	b64, b32 := newBuf(t, dev, c64), newBuf(t, dev, make([]byte, 16))
	if err := launch(t, p, q, "atomics", 48, 8, ptrArg(b64, 0), ptrArg(b32, 0)); err != nil {
		t.Fatal(err)
	}
	m64, m32 := b64.(*buffer).data, b32.(*buffer).data
	for i, w := range []int64{47 * 48 / 2, 47, 100 - 3*48, 0} {
		if g := int64(binary.LittleEndian.Uint64(m64[8*i:])); g != w {
			t.Errorf("c64[%d] = %d, want %d", i, g, w)
		}
	}
	// Bits 0-15 are toggled twice (i and i+32), 16-31 once.
	for i, w := range []uint32{48, 0xffff0000, 7, 0} {
		if g := getU32(m32, i); g != w {
			t.Errorf("c32[%d] = %#x, want %#x", i, g, w)
		}
	}
}

// node is struct node { long value; struct node *next; } at index i of
// buffer b.
func putNode(b driver.Buffer, i int, value int64, next uint64) {
	d := b.(*buffer).data
	binary.LittleEndian.PutUint64(d[16*i:], uint64(value))
	binary.LittleEndian.PutUint64(d[16*i+8:], next)
}

func nodeAddr(b driver.Buffer, i int) uint64 {
	return b.(driver.AddressedBuffer).DeviceAddress() + uint64(16*i)
}

// TestPhysicalWalk: linked lists whose pointers are stored in buffers,
// running from one buffer into another; an empty list is NULL.
func TestPhysicalWalk(t *testing.T) {
	dev, p, q := physical(t)
	na, nb := newBuf(t, dev, make([]byte, 16*4)), newBuf(t, dev, make([]byte, 16*4))
	// List 0: a0 -> b3 -> a2. List 1: b0. List 2: NULL. List 3: a1 -> a3 -> b1 -> b2.
	putNode(na, 0, 1, nodeAddr(nb, 3))
	putNode(nb, 3, 20, nodeAddr(na, 2))
	putNode(na, 2, 300, 0)
	putNode(nb, 0, -7, 0)
	putNode(na, 1, 1000, nodeAddr(na, 3))
	putNode(na, 3, 2000, nodeAddr(nb, 1))
	putNode(nb, 1, 3000, nodeAddr(nb, 2))
	putNode(nb, 2, 4000, 0)
	heads := make([]byte, 32)
	for i, h := range []uint64{nodeAddr(na, 0), nodeAddr(nb, 0), 0, nodeAddr(na, 1)} {
		binary.LittleEndian.PutUint64(heads[8*i:], h)
	}
	hb, sb := newBuf(t, dev, heads), newBuf(t, dev, make([]byte, 32))
	if err := launch(t, p, q, "walk", 4, 4, ptrArg(hb, 0), ptrArg(sb, 0)); err != nil {
		t.Fatal(err)
	}
	for i, w := range []int64{321, -7, 0, 10000} {
		if g := int64(binary.LittleEndian.Uint64(sb.(*buffer).data[8*i:])); g != w {
			t.Errorf("sums[%d] = %d, want %d", i, g, w)
		}
	}
}

// TestPhysicalSVMResident: a list in wrapped host memory (fine-grained
// SVM), reached only through a pointer stored in it; the allocation is
// passed after the kernel's arguments as driver.ArgSVMResident.
func TestPhysicalSVMResident(t *testing.T) {
	dev, p, q := physical(t)
	mem := make([]byte, 64)
	svm, err := dev.WrapHostMemory(mem)
	if err != nil {
		t.Fatal(err)
	}
	defer svm.Release()
	putNode(svm, 0, 5, nodeAddr(svm, 2))
	putNode(svm, 2, 6, 0)
	heads := binary.LittleEndian.AppendUint64(nil, nodeAddr(svm, 0))
	heads = append(heads, make([]byte, 24)...)
	hb, sb := newBuf(t, dev, heads), newBuf(t, dev, make([]byte, 32))
	resident := driver.Arg{Kind: driver.ArgSVMResident, Buffer: svm, Size: 64, HostAddress: nodeAddr(svm, 0)}
	if err := launch(t, p, q, "walk", 4, 4, ptrArg(hb, 0), ptrArg(sb, 0), resident); err != nil {
		t.Fatal(err)
	}
	if g := binary.LittleEndian.Uint64(sb.(*buffer).data); g != 11 {
		t.Errorf("sum = %d, want 11", g)
	}
	bad := driver.Arg{Kind: driver.ArgPOD, Bytes: []byte{1}}
	if err := launch(t, p, q, "walk", 4, 4, ptrArg(hb, 0), ptrArg(sb, 0), bad); !errors.Is(err, driver.ErrInvalidKernelArgs) {
		t.Errorf("a POD after the arguments: %v, want ErrInvalidKernelArgs", err)
	}
}

// TestPhysicalRoundTrip: a pointer converted to an integer, moved and
// converted back; OpPtrAccessChain on an address.
func TestPhysicalRoundTrip(t *testing.T) {
	dev, p, q := physical(t)
	pb, ob := newBuf(t, dev, make([]byte, 32)), newBuf(t, dev, make([]byte, 64))
	if err := launch(t, p, q, "roundtrip", 8, 8, ptrArg(pb, 0), ptrArg(ob, 0)); err != nil {
		t.Fatal(err)
	}
	// OpPtrAccessChain on an address: native code runs it.
	if err := NativeError(asmSPIRV(t, "physical.spvasm"), "roundtrip", map[uint32]uint64{0: 8, 1: 1, 2: 1}); NativeOK() && err != nil {
		t.Errorf("roundtrip: not native code: %v", err)
	}
	for i := range 8 {
		if g := getU32(pb.(*buffer).data, i); g != uint32(3*i) {
			t.Errorf("p[%d] = %d, want %d", i, g, 3*i)
		}
		if g := getU32(ob.(*buffer).data, 2*i); g != uint32(4*i) {
			t.Errorf("(ulong)q - (ulong)p = %d for %d, want %d", g, i, 4*i)
		}
		if g := getU32(ob.(*buffer).data, 2*i+1); g != uint32(3*i) {
			t.Errorf("p[%d] through OpPtrAccessChain = %d, want %d", i, g, 3*i)
		}
	}
}

// TestPhysicalOutOfRange: stores through an address past a buffer's end,
// through NULL and through a released buffer's address fail the dispatch
// as out-of-bounds accesses; the last word of a buffer is in range.
func TestPhysicalOutOfRange(t *testing.T) {
	dev, p, q := physical(t)
	b := newBuf(t, dev, make([]byte, 64))
	if err := launch(t, p, q, "poke", 1, 1, ptrArg(b, 0), podArg(60)); err != nil {
		t.Fatal(err)
	}
	if g := getU32(b.(*buffer).data, 15); g != 1 {
		t.Errorf("last word = %d, want 1", g)
	}
	gone, err := dev.NewBuffer(64)
	if err != nil {
		t.Fatal(err)
	}
	goneAddr := gone.(*buffer).DeviceAddress()
	gone.Release()
	for _, c := range []struct {
		name string
		args []driver.Arg
		want string
	}{
		{"past the end", []driver.Arg{ptrArg(b, 0), podArg(62)}, "out-of-bounds access of 4 bytes at offset 62 of the buffer at physical address"},
		{"far past the end", []driver.Arg{ptrArg(b, 32), podArg(0xfffffff0)}, "in no buffer"},
		{"NULL", []driver.Arg{{Kind: driver.ArgBuffer}, podArg(0)}, "physical address 0x0, in no buffer"},
	} {
		err := launch(t, p, q, "poke", 1, 1, c.args...)
		t.Logf("%s: %v", c.name, err)
		var ke *driver.KernelError
		if !errors.As(err, &ke) || !errors.Is(err, driver.ErrOutOfBounds) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an out-of-bounds error with %q", c.name, err, c.want)
		}
	}
	// A stale pointer in memory: the address of a released buffer.
	heads := make([]byte, 32)
	binary.LittleEndian.PutUint64(heads, goneAddr)
	hb, sb := newBuf(t, dev, heads), newBuf(t, dev, make([]byte, 32))
	err = launch(t, p, q, "walk", 4, 4, ptrArg(hb, 0), ptrArg(sb, 0))
	if !errors.Is(err, driver.ErrOutOfBounds) || !strings.Contains(err.Error(), "in no buffer") {
		t.Errorf("a released buffer's address: %v, want an out-of-bounds error", err)
	}
	runtime.KeepAlive(gone) // its memory is not reused by the buffers above
}

// TestPhysicalProgramScope: the program-scope variables' buffer reached
// through its address in push constants (ProgramScopeVariablePointerPushConstant);
// its values persist from one launch to the next, and a program-scope
// pointer initialized with a variable's address (a
// ProgramScopeVariablePointerRelocation) points at it.
func TestPhysicalProgramScope(t *testing.T) {
	dev, p, q := physical(t)
	defer p.Release()
	out := newBuf(t, dev, make([]byte, 16))
	if err := launch(t, p, q, "deref", 1, 1, ptrArg(out, 0)); err != nil {
		t.Fatal(err)
	}
	if g := getU32(out.(*buffer).data, 0); g != 5 {
		t.Errorf("*pc = %d, want 5", g)
	}
	for run, first := range []uint32{5, 9} {
		if err := launch(t, p, q, "count", 4, 4, ptrArg(out, 0)); err != nil {
			t.Fatal(err)
		}
		seen := map[uint32]bool{}
		for i := range 4 {
			seen[getU32(out.(*buffer).data, i)] = true
		}
		for v := first; v < first+4; v++ {
			if !seen[v] {
				t.Errorf("run %d: counter values %v, want %d to %d", run, seen, first, first+3)
			}
		}
	}
}

// TestPhysicalPointerUBO: a pointer argument passed in a uniform buffer
// (ArgumentPointerUniform), at an offset in its buffer.
func TestPhysicalPointerUBO(t *testing.T) {
	dev, p, q := physical(t)
	b := newBuf(t, dev, make([]byte, 32))
	if err := launch(t, p, q, "ubo", 4, 4, ptrArg(b, 8)); err != nil {
		t.Fatal(err)
	}
	for i, w := range []uint32{0, 0, 42, 42, 42, 42, 0, 0} {
		if g := getU32(b.(*buffer).data, i); g != w {
			t.Errorf("word %d = %d, want %d", i, g, w)
		}
	}
}

// TestPhysicalFrexp: GLSL.std.450 Frexp stores its exponent through an
// address.
func TestPhysicalFrexp(t *testing.T) {
	dev, p, q := physical(t)
	xb, eb := newBuf(t, dev, f32s([]float32{8, 0.75, -3, 0})), newBuf(t, dev, make([]byte, 16))
	if err := launch(t, p, q, "frexp_", 4, 4, ptrArg(xb, 0), ptrArg(eb, 0)); err != nil {
		t.Fatal(err)
	}
	// Frexp through a physical pointer: native code runs it (lanes/frexp.go).
	if err := NativeError(asmSPIRV(t, "physical.spvasm"), "frexp_", map[uint32]uint64{0: 4, 1: 1, 2: 1}); NativeOK() && err != nil {
		t.Errorf("frexp_: not native code: %v", err)
	}
	// 8 = 0.5 * 2^4, 0.75 = 0.75 * 2^0, -3 = -0.75 * 2^2, 0 = 0 * 2^0.
	for i, w := range []struct {
		m float32
		e uint32
	}{{0.5, 4}, {0.75, 0}, {-0.75, 2}, {0, 0}} {
		if m, e := getF32(xb.(*buffer).data, i), getU32(eb.(*buffer).data, i); m != w.m || e != w.e {
			t.Errorf("frexp #%d = %v, %d; want %v, %d", i, m, e, w.m, w.e)
		}
	}
}

// TestPhysicalGLSLLinkedList runs testdata/linked_list.comp, glslang's
// GL_EXT_buffer_reference: a pointer type declared forward
// (OpTypeForwardPointer) for a struct that holds it, access chains on
// addresses, and pointers loaded straight from buffers.
func TestPhysicalGLSLLinkedList(t *testing.T) {
	m := glsl(t, "linked_list.comp")
	k := prepare(t, m, "main", nil)
	// A struct that points to itself, pointers loaded from buffers and
	// access chains on addresses: native code runs it (lanes/physical.go).
	// NEON code refuses it: its PhysLoads are call-outs inside a loop.
	if NativeOK() && !NEONTier() && !k.OnNative() {
		t.Errorf("not native code: %v", k.tier.nativeErr)
	}
	dev := NewDevice()
	nodes, err := dev.NewBuffer(16 * 6)
	if err != nil {
		t.Fatal(err)
	}
	defer nodes.Release()
	// List 0: 0 -> 3 -> 1. List 1: empty. List 2: 5. List 3: 2 -> 4.
	putNode(nodes, 0, 1, nodeAddr(nodes, 3))
	putNode(nodes, 3, 10, nodeAddr(nodes, 1))
	putNode(nodes, 1, 100, 0)
	putNode(nodes, 5, -4, 0)
	putNode(nodes, 2, 1000, nodeAddr(nodes, 4))
	putNode(nodes, 4, 2000, 0)
	heads := make([]byte, 32)
	for i, h := range []uint64{nodeAddr(nodes, 0), 0, nodeAddr(nodes, 5), nodeAddr(nodes, 2)} {
		binary.LittleEndian.PutUint64(heads[8*i:], h)
	}
	sums := make([]byte, 32)
	run(t, k, [3]int{1, 1, 1}, nil, heads, sums)
	for i, w := range []int64{111, 0, -4, 3000} {
		if g := int64(binary.LittleEndian.Uint64(sums[8*i:])); g != w {
			t.Errorf("sums[%d] = %d, want %d", i, g, w)
		}
	}
}
