package vulkan

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Physical addressing in the driver (docs/physical.md §4-§6), with
// hand-written PhysicalStorageBuffer64 modules; the SVM table and pointer
// push constants are exercised through the runtime in cl/physical_test.go.

const physicalHeader = `OpCapability Shader
OpCapability Int64
OpCapability PhysicalStorageBufferAddresses
OpExtension "SPV_KHR_physical_storage_buffer"
OpMemoryModel PhysicalStorageBuffer64 GLSL450
`

const physicalTypes = `%void = OpTypeVoid
%bool = OpTypeBool
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%ulong = OpTypeInt 64 0
%v3uint = OpTypeVector %uint 3
%pgid = OpTypePointer Input %v3uint
%psb_int = OpTypePointer PhysicalStorageBuffer %int
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%int_m1 = OpConstant %int -1
%ulong_0 = OpConstant %ulong 0
%ulong_4 = OpConstant %ulong 4
%gid = OpVariable %pgid Input
`

// physicalSPIRV assembles src and adds refl.
func physicalSPIRV(t *testing.T, src string, refl *spirv.Reflection) []byte {
	t.Helper()
	as, err := exec.LookPath("spirv-as")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "k.spvasm"), filepath.Join(dir, "k.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(as, "--target-env", "vulkan1.1", "-o", out, in).CombinedOutput(); err != nil {
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
	if err := spirv.EmitReflection(m, refl); err != nil {
		t.Fatal(err)
	}
	return m.Encode()
}

// physicalDevice is the test device, skipping one without
// bufferDeviceAddress.
func physicalDevice(t *testing.T) *Device {
	d := testDevice(t)
	if !d.Info().Caps.PhysicalAddresses {
		t.Skip("no bufferDeviceAddress")
	}
	return d
}

// uboPointers: kernel void k(global int *dst, global const int *src)
// { dst[i] = src ? 2 * src[i] : -1; } with both pointers in a uniform
// buffer (ArgPointerUBO).
const uboPointers = physicalHeader + `OpEntryPoint GLCompute %main "k" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %U Block
OpMemberDecorate %U 0 Offset 0
OpMemberDecorate %U 1 Offset 8
OpDecorate %u DescriptorSet 0
OpDecorate %u Binding 0
` + physicalTypes + `%U = OpTypeStruct %ulong %ulong
%pU = OpTypePointer Uniform %U
%pUl = OpTypePointer Uniform %ulong
%u = OpVariable %pU Uniform
%main = OpFunction %void None %fn
%e = OpLabel
%g = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g 0
%i64 = OpUConvert %ulong %i
%off = OpIMul %ulong %i64 %ulong_4
%dp = OpAccessChain %pUl %u %int_0
%sp = OpAccessChain %pUl %u %int_1
%dst = OpLoad %ulong %dp
%src = OpLoad %ulong %sp
%null = OpIEqual %bool %src %ulong_0
OpSelectionMerge %m None
OpBranchConditional %null %a %b
%a = OpLabel
OpBranch %m
%b = OpLabel
%sa = OpIAdd %ulong %src %off
%sptr = OpConvertUToPtr %psb_int %sa
%v = OpLoad %int %sptr Aligned 4
%v2 = OpIMul %int %v %int_2
OpBranch %m
%m = OpLabel
%r = OpPhi %int %int_m1 %a %v2 %b
%da = OpIAdd %ulong %dst %off
%dptr = OpConvertUToPtr %psb_int %da
OpStore %dptr %r Aligned 4
OpReturn
OpFunctionEnd
`

// TestPhysicalPointerUBO: pointer arguments in a uniform buffer, one of
// them NULL (address 0) and then a buffer seen from an offset of 8 bytes
// that is no multiple of the descriptor alignment.
func TestPhysicalPointerUBO(t *testing.T) {
	d := physicalDevice(t)
	ptr := func(name string, ord, off uint32) spirv.Arg {
		return spirv.Arg{Name: name, Ordinal: ord, Kind: spirv.ArgPointerUBO, DescriptorSet: 0, Binding: 0, Offset: off, Size: 8}
	}
	spv := physicalSPIRV(t, uboPointers, &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "k", NumArgs: 2, Args: []spirv.Arg{ptr("dst", 0, 0), ptr("src", 1, 8)}}}})
	p, err := d.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	if !k.Info().PhysicalAddressing {
		t.Error("KernelInfo.PhysicalAddressing is false")
	}
	q := mustQueue(t, d, false)
	defer q.Release()
	const n = 8
	src := make([]byte, 4*(n+2))
	for i := range n + 2 {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(i+1))
	}
	sb, db := mustBuffer(t, d, uint64(len(src))), mustBuffer(t, d, 4*n)
	defer sb.Release()
	defer db.Release()
	if _, err := q.WriteBuffer(sb, 0, src, nil); err != nil {
		t.Fatal(err)
	}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{1, 1, 1})
	for _, c := range []struct {
		src  driver.Arg
		want func(i int) int32
	}{
		{driver.Arg{Kind: driver.ArgBuffer}, func(int) int32 { return -1 }},
		{driver.Arg{Kind: driver.ArgBuffer, Buffer: sb, Offset: 8, Size: 4 * n}, func(i int) int32 { return 2 * int32(i+3) }},
	} {
		args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: db, Size: 4 * n}, c.src}
		if _, err := q.Dispatch(t.Context(), k, args, nd, nil); err != nil {
			t.Fatal(err)
		}
		out := make([]byte, 4*n)
		ev, err := q.ReadBuffer(db, 0, out, nil)
		wait(t, ev, err)
		for i := range n {
			if got := int32(binary.LittleEndian.Uint32(out[4*i:])); got != c.want(i) {
				t.Errorf("src %v: dst[%d] = %d, want %d", c.src.Buffer != nil, i, got, c.want(i))
			}
		}
	}
	// Past the kernel's arguments only SVM residents may follow.
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: db}, {Kind: driver.ArgBuffer}, {Kind: driver.ArgBuffer, Buffer: sb}}
	if _, err := q.Dispatch(t.Context(), k, args, nd, nil); !errorsIs(err, driver.ErrInvalidKernelArgs) {
		t.Errorf("a buffer argument after the kernel's: %v, want ErrInvalidKernelArgs", err)
	}
}

// progVarCounter: global int counter = 41; kernel void k(global int *out)
// { out[0] = ++counter; } with the program-scope variables' address in
// push constants (ProgramScopeVariablePointerPushConstant at 0) and out at 8.
const progVarCounter = physicalHeader + `OpEntryPoint GLCompute %main "k" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %PC Block
OpMemberDecorate %PC 0 Offset 0
OpMemberDecorate %PC 1 Offset 8
` + physicalTypes + `%PC = OpTypeStruct %ulong %ulong
%pPC = OpTypePointer PushConstant %PC
%pPCl = OpTypePointer PushConstant %ulong
%pc = OpVariable %pPC PushConstant
%main = OpFunction %void None %fn
%e = OpLabel
%vp = OpAccessChain %pPCl %pc %int_0
%op = OpAccessChain %pPCl %pc %int_1
%vars = OpLoad %ulong %vp
%out = OpLoad %ulong %op
%cp = OpConvertUToPtr %psb_int %vars
%c = OpLoad %int %cp Aligned 4
%c1 = OpIAdd %int %c %int_1
OpStore %cp %c1 Aligned 4
%outp = OpConvertUToPtr %psb_int %out
OpStore %outp %c1 Aligned 4
OpReturn
OpFunctionEnd
`

// TestPhysicalProgramScopeVariables: the variables' buffer is reached by
// its address and keeps its values from one dispatch to the next.
func TestPhysicalProgramScopeVariables(t *testing.T) {
	d := physicalDevice(t)
	refl := &spirv.Reflection{
		Kernels:               []spirv.Kernel{{Name: "k", NumArgs: 1, Args: []spirv.Arg{{Name: "out", Kind: spirv.ArgPointerPushConstant, Offset: 8, Size: 8}}}},
		ProgramScopeVariables: &spirv.ProgramScopeVariables{PushConstant: true, Offset: 0, Size: 8, Data: []byte{41, 0, 0, 0}},
	}
	p, err := d.BuildProgram(physicalSPIRV(t, progVarCounter, refl))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	q := mustQueue(t, d, false)
	defer q.Release()
	out := mustBuffer(t, d, 16)
	defer out.Release()
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1})
	for want := int32(42); want <= 44; want++ {
		// Each launch writes its own word of out.
		off := uint64(4 * (want - 42))
		if _, err := q.Dispatch(t.Context(), k, []driver.Arg{{Kind: driver.ArgBuffer, Buffer: out, Offset: off, Size: 4}}, nd, nil); err != nil {
			t.Fatal(err)
		}
		res := make([]byte, 4)
		ev, err := q.ReadBuffer(out, off, res, nil)
		wait(t, ev, err)
		if got := int32(binary.LittleEndian.Uint32(res)); got != want {
			t.Errorf("launch %d: counter %d, want %d", want-41, got, want)
		}
	}
}
