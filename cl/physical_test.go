package cl

import (
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Physical addressing through the runtime (docs/physical.md §4-§7), with
// hand-written PhysicalStorageBuffer64 kernels (testdata/physical) until
// the compiler emits them: pointer arguments at any offset, an SVM linked
// list built by the host with host pointers and walked by a kernel, the
// same list reached through CL_KERNEL_EXEC_INFO_SVM_PTRS, and pointers a
// kernel stores that the host then follows. On lavapipe an SVM
// allocation's host memory is an anonymous mapping and the device holds a
// copy at another address, so the kernels translate through the SVM table.

// physicalDriver is the driver whose device the physical tests use:
// Vulkan, or the host driver under TestPhysicalOnHost.
var physicalDriver = "vulkan"

// physicalDevice turns physicalAddressing on for the test and returns a
// device of physicalDriver with Caps.PhysicalAddresses of a fresh platform
// (its DeviceInfo computed with the switch on), or skips.
func physicalDevice(t *testing.T) *Device {
	t.Helper()
	was := physicalAddressingReady
	physicalAddressingReady = true
	t.Cleanup(func() { physicalAddressingReady = was })
	p := newPlatform(driver.Drivers())
	for _, d := range p.devices {
		if d.DriverName() == physicalDriver && d.dev.Info().Caps.PhysicalAddresses {
			return d
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Vulkan device with physical addresses under CI")
	}
	t.Skip("no Vulkan device with physical addresses")
	return nil
}

// physicalProgram assembles testdata/physical/svm.spvasm and adds the
// reflection its comment describes.
func physicalProgram(t *testing.T, c *Context) *Program {
	t.Helper()
	as, err := exec.LookPath("spirv-as")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	out := filepath.Join(t.TempDir(), "svm.spv")
	if msg, err := exec.Command(as, "--target-env", "vulkan1.1", "-o", out, "testdata/physical/svm.spvasm").CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, msg)
	}
	code, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	ptr := func(name string, ord, off uint32) spirv.Arg {
		return spirv.Arg{Name: name, Ordinal: ord, Kind: spirv.ArgPointerPushConstant, Offset: off, Size: 8,
			TypeName: "int*", AddressQualifier: spirv.ArgAddressGlobal, AccessQualifier: spirv.ArgAccessNone}
	}
	pod := func(name string, ord uint32) spirv.Arg {
		return spirv.Arg{Name: name, Ordinal: ord, Kind: spirv.ArgPODPushConstant, Offset: 24, Size: 4,
			TypeName: "int", AddressQualifier: spirv.ArgAddressPrivate, AccessQualifier: spirv.ArgAccessNone}
	}
	one := [3]uint32{1, 1, 1}
	refl := &spirv.Reflection{
		Kernels: []spirv.Kernel{
			{Name: "copy_add", NumArgs: 3, ReqdWorkGroupSize: one, Args: []spirv.Arg{ptr("dst", 0, 0), ptr("src", 1, 8), pod("add", 2)}},
			{Name: "walk", NumArgs: 2, ReqdWorkGroupSize: one, Args: []spirv.Arg{ptr("headp", 0, 0), ptr("out", 1, 8)}},
			{Name: "link", NumArgs: 2, ReqdWorkGroupSize: one, Args: []spirv.Arg{ptr("nodes", 0, 0), pod("n", 1)}},
		},
		SVMTable: &spirv.SVMTable{Offset: 16, Size: 8},
	}
	if err := spirv.EmitReflection(m, refl); err != nil {
		t.Fatal(err)
	}
	p, err := c.CreateProgramWithIL(m.Encode())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Release() })
	if err := p.Build(""); err != nil {
		t.Fatalf("%v\n%s", err, p.BuildLog(c.devices[0]))
	}
	return p
}

func physicalKernel(t *testing.T, p *Program, name string) *Kernel {
	t.Helper()
	k, err := p.CreateKernel(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Release() })
	return k
}

// svmMapped runs f on s's memory mapped for reading and writing.
func svmMapped(t *testing.T, q *Queue, s *SVM, f func(mem []byte)) {
	t.Helper()
	ev, err := q.EnqueueSVMMap(MapRead|MapWrite, s.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	f(s.Bytes())
	ev, err = q.EnqueueSVMUnmap(s.Pointer())
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func physicalSetup(t *testing.T) (*Context, *Queue, *Program) {
	d := physicalDevice(t)
	if d.info.AddressBits != 64 {
		t.Errorf("CL_DEVICE_ADDRESS_BITS with physical addressing on: %d, want 64", d.info.AddressBits)
	}
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Release() })
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Release() })
	return c, q, physicalProgram(t, c)
}

// TestPhysicalPointerArgs: pointer arguments are device addresses plus the
// argument's offset, an SVM pointer 4 bytes into its allocation included
// (no binding alignment, no staging).
func TestPhysicalPointerArgs(t *testing.T) {
	c, q, p := physicalSetup(t)
	k := physicalKernel(t, p, "copy_add")
	if !k.info.PhysicalAddressing {
		t.Fatal("KernelInfo.PhysicalAddressing is false for a PhysicalStorageBuffer64 module")
	}
	const n = 32
	src, err := c.SVMAlloc(MemReadWrite, 4*(n+1), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Free()
	svmMapped(t, q, src, func(mem []byte) {
		for i := range n + 1 {
			putInts(mem[4*i:], int32(10*i))
		}
	})
	dst, err := c.CreateBuffer(MemReadWrite, 4*n, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Release()
	if err := k.SetArg(0, dst); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgSVMPointer(1, unsafe.Pointer(&src.Bytes()[4])); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArg(2, int32(7)); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{n}, nil); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	if _, err := q.EnqueueReadBuffer(dst, 0, out); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if got, want := getInt(out, i), int32(10*(i+1)+7); got != want {
			t.Fatalf("dst[%d] = %d, want %d", i, got, want)
		}
	}
}

// buildList writes a list of len(values) 16-byte nodes at nodes (host
// memory of an SVM allocation) linked with host pointers in the order
// order, and returns the host address of the first node.
func buildList(nodes []byte, values, order []int32) uint64 {
	base := uint64(uintptr(unsafe.Pointer(&nodes[0])))
	for j, i := range order {
		next := uint64(0)
		if j+1 < len(order) {
			next = base + 16*uint64(order[j+1])
		}
		binary.LittleEndian.PutUint64(nodes[16*i:], next)
		binary.LittleEndian.PutUint32(nodes[16*i+8:], uint32(values[i]))
	}
	return base + 16*uint64(order[0])
}

// scribbleValues changes the node values in the host memory of a
// coarse-grained allocation while the device holds the list: a kernel that
// read the host's memory instead of the device's copy (an untranslated
// host pointer, which lavapipe could follow) would sum these. On the host
// device the allocation's memory is the device's own: nothing to catch.
func scribbleValues(nodes []byte, n int) {
	if physicalDriver == "host" {
		return
	}
	for i := range n {
		binary.LittleEndian.PutUint32(nodes[16*i+8:], 1000)
	}
}

func runWalk(t *testing.T, c *Context, q *Queue, k *Kernel, headp unsafe.Pointer) (sum, count int32) {
	t.Helper()
	out, err := c.CreateBuffer(MemReadWrite, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := k.SetArgSVMPointer(0, headp); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArg(1, out); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueTask(k); err != nil {
		t.Fatal(err)
	}
	res := make([]byte, 8)
	if _, err := q.EnqueueReadBuffer(out, 0, res); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	return getInt(res, 0), getInt(res, 1)
}

var (
	listValues = []int32{3, 5, 7, 11, 13, 17, 19, 23}
	listOrder  = []int32{5, 2, 7, 0, 1, 6} // 17+7+23+3+5+19 over 6 nodes
)

const listSum, listLen = 74, 6

// TestPhysicalSVMList: the host links nodes with host pointers; the
// kernel, given a pointer to the head pointer in the same allocation,
// walks the list through the SVM table.
func TestPhysicalSVMList(t *testing.T) {
	c, q, p := physicalSetup(t)
	k := physicalKernel(t, p, "walk")
	s, err := c.SVMAlloc(MemReadWrite, 16*uint64(len(listValues))+8, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Free()
	at := 16 * len(listValues)
	svmMapped(t, q, s, func(mem []byte) {
		binary.LittleEndian.PutUint64(mem[at:], buildList(mem[:at], listValues, listOrder))
	})
	scribbleValues(s.Bytes(), len(listValues))
	if sum, n := runWalk(t, c, q, k, unsafe.Pointer(&s.Bytes()[at])); sum != listSum || n != listLen {
		t.Errorf("walk: sum %d over %d nodes, want %d over %d", sum, n, listSum, listLen)
	}
}

// TestPhysicalExecInfo: the head pointer is in one allocation, the nodes in
// another that only CL_KERNEL_EXEC_INFO_SVM_PTRS names; a clone of the
// kernel keeps the list.
func TestPhysicalExecInfo(t *testing.T) {
	c, q, p := physicalSetup(t)
	k := physicalKernel(t, p, "walk")
	head, err := c.SVMAlloc(MemReadWrite, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer head.Free()
	nodes, err := c.SVMAlloc(MemReadWrite, 16*uint64(len(listValues)), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer nodes.Free()
	var first uint64
	svmMapped(t, q, nodes, func(mem []byte) { first = buildList(mem, listValues, listOrder) })
	svmMapped(t, q, head, func(mem []byte) { binary.LittleEndian.PutUint64(mem, first) })
	scribbleValues(nodes.Bytes(), len(listValues))
	// A pointer into the middle of the allocation names all of it.
	if err := k.SetExecInfoSVMPointers([]unsafe.Pointer{unsafe.Pointer(&nodes.Bytes()[16])}); err != nil {
		t.Fatal(err)
	}
	clone, err := k.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer clone.Release()
	for _, kk := range []*Kernel{k, clone} {
		if sum, n := runWalk(t, c, q, kk, head.Pointer()); sum != listSum || n != listLen {
			t.Errorf("walk with exec info: sum %d over %d nodes, want %d over %d", sum, n, listSum, listLen)
		}
	}
}

// TestPhysicalStoredPointers: a kernel stores pointers to nodes (device
// addresses in registers) into SVM memory; the host reads host addresses
// back and follows them.
func TestPhysicalStoredPointers(t *testing.T) {
	c, q, p := physicalSetup(t)
	k := physicalKernel(t, p, "link")
	const n = 16
	s, err := c.SVMAlloc(MemReadWrite, 16*n, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Free()
	if err := k.SetArgSVMPointer(0, s.Pointer()); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArg(1, int32(n)); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{n}, nil); err != nil {
		t.Fatal(err)
	}
	svmMapped(t, q, s, func(mem []byte) {
		base := uint64(uintptr(s.Pointer()))
		for i := range n {
			want := uint64(0)
			if i+1 < n {
				want = base + 16*uint64(i+1)
			}
			if got := binary.LittleEndian.Uint64(mem[16*i:]); got != want {
				t.Errorf("node %d: next %#x, want %#x (host addresses)", i, got, want)
			}
		}
	})
}

// TestPhysicalBuildOptions: with the switch on, builds for a device with
// physical addresses use Auto addressing (and -arch=spir64); with it off
// (today's default) they stay logical and the device reports 32 bits.
func TestPhysicalBuildOptions(t *testing.T) {
	d := physicalDevice(t)
	opts, err := compilerOptions("-cl-std=CL2.0", d)
	if err != nil {
		t.Fatal(err)
	}
	if opts.Addressing != compiler.AddressingAuto {
		t.Errorf("Addressing with the switch on: %v, want AddressingAuto", opts.Addressing)
	}
	if got := withPhysicalOptions("-cl-std=CL2.0", d); got != "-arch=spir64 -cl-std=CL2.0" {
		t.Errorf("options compiled: %q", got)
	}
	physicalAddressingReady = false
	if opts, err = compilerOptions("", d); err != nil || opts.Addressing != compiler.AddressingLogical {
		t.Errorf("Addressing with the switch off: %v, %v; want AddressingLogical", opts.Addressing, err)
	}
	if nd := newDevice(d.platform, d.drv, d.dev); nd.info.AddressBits != 32 {
		t.Errorf("CL_DEVICE_ADDRESS_BITS with the switch off: %d, want 32", nd.info.AddressBits)
	}
}

// TestPhysicalOnHost runs the physical tests on the host device, whose
// buffers are at their host addresses (no SVM table).
func TestPhysicalOnHost(t *testing.T) {
	physicalDriver = "host"
	defer func() { physicalDriver = "vulkan" }()
	for _, c := range []struct {
		name string
		f    func(*testing.T)
	}{
		{"PointerArgs", TestPhysicalPointerArgs}, {"SVMList", TestPhysicalSVMList}, {"ExecInfo", TestPhysicalExecInfo},
		{"StoredPointers", TestPhysicalStoredPointers}, {"SourceSVMList", TestPhysicalSourceSVMList},
	} {
		t.Run(c.name, c.f)
	}
}
