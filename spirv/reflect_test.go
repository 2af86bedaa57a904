package spirv_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// buildKernel builds, with the Builder, the module a compiler would make for
//
//	kernel void foo(global float *a, float f, local float4 *l, uint n)
//
// with a, the clustered POD struct {f, n}, and l as a spec-sized Workgroup
// array, plus work-group size spec constants 0..2.
func buildKernel(t *testing.T) (*spirv.Builder, *spirv.Reflection) {
	b := spirv.NewBuilder(spirv.Version13)
	b.Capability(spirv.CapabilityShader)
	b.Extension("SPV_KHR_storage_buffer_storage_class")
	glsl := b.ExtInstImport("GLSL.std.450")
	b.MemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelGLSL450)

	void := b.TypeVoid()
	u32 := b.TypeInt(32, 0)
	f32 := b.TypeFloat(32)
	v3u := b.TypeVector(u32, 3)
	v4f := b.TypeVector(f32, 4)

	// global float *a
	rta := b.NewTypeRuntimeArray(f32)
	b.Decorate(rta, spirv.DecorationArrayStride, 4)
	sa := b.NewTypeStruct(rta)
	b.MemberDecorate(sa, 0, spirv.DecorationOffset, 0)
	b.Decorate(sa, spirv.DecorationBlock)
	a := b.Variable(b.TypePointer(spirv.StorageClassStorageBuffer, sa), spirv.StorageClassStorageBuffer)
	b.Decorate(a, spirv.DecorationDescriptorSet, 0)
	b.Decorate(a, spirv.DecorationBinding, 0)
	b.Name(a, "a")

	// the POD struct {float f; uint n}
	pod := b.NewTypeStruct(f32, u32)
	b.MemberDecorate(pod, 0, spirv.DecorationOffset, 0)
	b.MemberDecorate(pod, 1, spirv.DecorationOffset, 4)
	b.Decorate(pod, spirv.DecorationBlock)
	podVar := b.Variable(b.TypePointer(spirv.StorageClassStorageBuffer, pod), spirv.StorageClassStorageBuffer)
	b.Decorate(podVar, spirv.DecorationDescriptorSet, 0)
	b.Decorate(podVar, spirv.DecorationBinding, 1)

	// local float4 *l: an array sized by spec constant 3
	lsize := b.SpecConstant(u32, 3, 1)
	larr := b.TypeArray(v4f, lsize)
	l := b.Variable(b.TypePointer(spirv.StorageClassWorkgroup, larr), spirv.StorageClassWorkgroup)

	// work-group size
	x, y, z := b.SpecConstant(u32, 0, 1), b.SpecConstant(u32, 1, 1), b.SpecConstant(u32, 2, 1)
	wgs := b.SpecConstantComposite(v3u, x, y, z)
	b.Decorate(wgs, spirv.DecorationBuiltIn, uint32(spirv.BuiltInWorkgroupSize))
	gid := b.Variable(b.TypePointer(spirv.StorageClassInput, v3u), spirv.StorageClassInput)
	b.Decorate(gid, spirv.DecorationBuiltIn, uint32(spirv.BuiltInGlobalInvocationId))

	fn := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.NewBlock()
	i := b.EmitIDs(spirv.OpLoad, u32, b.EmitIDs(spirv.OpAccessChain, b.TypePointer(spirv.StorageClassInput, u32), gid, b.ConstantUint(u32, 0)))
	tmp := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, f32))
	sbf := b.TypePointer(spirv.StorageClassStorageBuffer, f32)
	fv := b.EmitIDs(spirv.OpLoad, f32, b.EmitIDs(spirv.OpAccessChain, sbf, podVar, b.ConstantUint(u32, 0)))
	n := b.EmitIDs(spirv.OpLoad, u32, b.EmitIDs(spirv.OpAccessChain, b.TypePointer(spirv.StorageClassStorageBuffer, u32), podVar, b.ConstantUint(u32, 1)))
	lt := b.EmitIDs(spirv.OpULessThan, b.TypeBool(), i, n)
	then, merge := b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, lt, then, merge)
	b.StartBlock(then)
	ap := b.EmitIDs(spirv.OpAccessChain, sbf, a, b.ConstantUint(u32, 0), i)
	s := b.ExtInst(f32, glsl, uint32(spirv.GLSLstd450Sqrt), b.EmitIDs(spirv.OpLoad, f32, ap))
	b.EmitIDs(spirv.OpStore, 0, tmp, b.EmitIDs(spirv.OpFMul, f32, s, fv))
	lp := b.EmitIDs(spirv.OpAccessChain, b.TypePointer(spirv.StorageClassWorkgroup, v4f), l, b.ConstantUint(u32, 0))
	b.EmitIDs(spirv.OpStore, 0, lp, b.ConstantComposite(v4f, b.ConstantFloat32(f32, 1), b.ConstantFloat32(f32, 1), b.ConstantFloat32(f32, 0.5), b.ConstantFloat32(f32, -2)))
	b.EmitIDs(spirv.OpStore, 0, ap, b.EmitIDs(spirv.OpLoad, f32, tmp))
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.StartBlock(merge)
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	b.EntryPoint(spirv.ExecutionModelGLCompute, fn.ID, "foo", gid)
	b.Name(fn.ID, "foo")

	r := &spirv.Reflection{
		Kernels: []spirv.Kernel{{
			Name:       "foo",
			NumArgs:    4,
			Attributes: "",
			Args: []spirv.Arg{
				{Name: "a", Ordinal: 0, Kind: spirv.ArgBuffer, DescriptorSet: 0, Binding: 0},
				{Name: "f", Ordinal: 1, Kind: spirv.ArgPOD, DescriptorSet: 0, Binding: 1, Offset: 0, Size: 4},
				{Name: "l", Ordinal: 2, Kind: spirv.ArgLocal, SpecID: 3, ElemSize: 16},
				{Name: "n", Ordinal: 3, Kind: spirv.ArgPOD, DescriptorSet: 0, Binding: 1, Offset: 4, Size: 4,
					TypeName: "uint", AddressQualifier: spirv.ArgAddressPrivate, AccessQualifier: spirv.ArgAccessNone, TypeQualifier: spirv.ArgTypeConst},
			},
		}},
		WorkgroupSizeSpecIDs: &[3]uint32{0, 1, 2},
		PushConstants:        []spirv.PushConstant{{Kind: spirv.PushGlobalOffset, Offset: 0, Size: 12}},
	}
	return b, r
}

func TestBuilderModuleValidates(t *testing.T) {
	b, _ := buildKernel(t)
	spirvtest.ValidateModule(t, b.Module, "vulkan1.1")
}

func TestReflectionRoundTrip(t *testing.T) {
	b, r := buildKernel(t)
	// int counter = 5; float one = 1.0f; as program-scope __global variables.
	r.ProgramScopeVariables = &spirv.ProgramScopeVariables{DescriptorSet: 0, Binding: 7, Data: []byte{5, 0, 0, 0, 0, 0, 0x80, 0x3f}}
	roundTrip(t, b, r)
}

// TestReflectionProgramScopePointer: a physical module's program-scope
// variables, reached through their address in push constants
// (ProgramScopeVariablePointerPushConstant, docs/physical.md §4).
func TestReflectionProgramScopePointer(t *testing.T) {
	b, r := buildKernel(t)
	r.ProgramScopeVariables = &spirv.ProgramScopeVariables{PushConstant: true, Offset: 16, Size: 8, Data: []byte{5, 0, 0, 0}}
	roundTrip(t, b, r)
}

func roundTrip(t *testing.T, b *spirv.Builder, r *spirv.Reflection) {
	t.Helper()
	if err := b.EmitReflection(r); err != nil {
		t.Fatal(err)
	}
	words := b.Module.Words()
	spirvtest.Validate(t, words, "vulkan1.1")

	m, err := spirv.DecodeWords(words)
	if err != nil {
		t.Fatalf("DecodeWords: %v", err)
	}
	got, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatalf("ReadReflection: %v", err)
	}
	want := *r
	want.Kernels = append([]spirv.Kernel(nil), r.Kernels...)
	want.Kernels[0].Function = b.Module.Functions[0].ID
	if !reflect.DeepEqual(got, &want) {
		t.Errorf("ReadReflection(EmitReflection(r)):\n got %+v\nwant %+v", got, &want)
	}

	// Emitting reflection into a decoded module reuses its types and constants.
	m2, _ := spirv.DecodeWords(b.Module.Words())
	m2.Trailing = nil
	before := len(m2.Globals)
	if err := spirv.EmitReflection(m2, r); err != nil {
		t.Fatal(err)
	}
	if len(m2.Globals) != before {
		t.Errorf("EmitReflection on a module that has every constant added %d globals", len(m2.Globals)-before)
	}
	spirvtest.ValidateModule(t, m2, "vulkan1.1")
}

func TestDescriptorMapSeedExamples(t *testing.T) {
	// void kernel foo(global int* a, float f, global float* b, uint c), one
	// descriptor per argument.
	r := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "foo", Args: []spirv.Arg{
		{Name: "a", Ordinal: 0, Kind: spirv.ArgBuffer, Binding: 0},
		{Name: "f", Ordinal: 1, Kind: spirv.ArgPOD, Binding: 1, Size: 4},
		{Name: "b", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
		{Name: "c", Ordinal: 3, Kind: spirv.ArgPOD, Binding: 3, Size: 4},
	}}}}
	want := `kernel,foo,arg,a,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,buffer
kernel,foo,arg,f,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,pod
kernel,foo,arg,b,argOrdinal,2,descriptorSet,0,binding,2,offset,0,argKind,buffer
kernel,foo,arg,c,argOrdinal,3,descriptorSet,0,binding,3,offset,0,argKind,pod
`
	if got := r.DescriptorMap(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	// Clustered POD arguments with a sampler map.
	r = &spirv.Reflection{
		LiteralSamplers: []spirv.LiteralSampler{{Mask: 18, Binding: 0}, {Mask: 35, Binding: 1}},
		Kernels: []spirv.Kernel{{Name: "foo", Args: []spirv.Arg{
			{Name: "a", Ordinal: 0, Kind: spirv.ArgBuffer, DescriptorSet: 1, Binding: 0},
			{Name: "b", Ordinal: 2, Kind: spirv.ArgBuffer, DescriptorSet: 1, Binding: 1},
			{Name: "f", Ordinal: 1, Kind: spirv.ArgPOD, DescriptorSet: 1, Binding: 2, Offset: 0, Size: 4},
			{Name: "c", Ordinal: 3, Kind: spirv.ArgPOD, DescriptorSet: 1, Binding: 2, Offset: 4, Size: 4},
		}}},
	}
	want = `sampler,18,samplerExpr,"CLK_ADDRESS_CLAMP_TO_EDGE|CLK_FILTER_NEAREST|CLK_NORMALIZED_COORDS_FALSE",descriptorSet,0,binding,0
sampler,35,samplerExpr,"CLK_ADDRESS_CLAMP_TO_EDGE|CLK_FILTER_LINEAR|CLK_NORMALIZED_COORDS_TRUE",descriptorSet,0,binding,1
kernel,foo,arg,a,argOrdinal,0,descriptorSet,1,binding,0,offset,0,argKind,buffer
kernel,foo,arg,b,argOrdinal,2,descriptorSet,1,binding,1,offset,0,argKind,buffer
kernel,foo,arg,f,argOrdinal,1,descriptorSet,1,binding,2,offset,0,argKind,pod
kernel,foo,arg,c,argOrdinal,3,descriptorSet,1,binding,2,offset,4,argKind,pod
`
	if got := r.DescriptorMap(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	// __local arguments, clspv's form.
	r = &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "foo", Args: []spirv.Arg{
		{Name: "L", Ordinal: 0, Kind: spirv.ArgLocal, ElemSize: 4, SpecID: 3},
		{Name: "A", Ordinal: 1, Kind: spirv.ArgBuffer},
		{Name: "L2", Ordinal: 2, Kind: spirv.ArgLocal, ElemSize: 16, SpecID: 4},
	}}}}
	want = `kernel,foo,arg,L,argOrdinal,0,argKind,local,arrayElemSize,4,arrayNumElemSpecId,3
kernel,foo,arg,A,argOrdinal,1,descriptorSet,0,binding,0,offset,0,argKind,buffer
kernel,foo,arg,L2,argOrdinal,2,argKind,local,arrayElemSize,16,arrayNumElemSpecId,4
`
	if got := r.DescriptorMap(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestReadReflectionErrors(t *testing.T) {
	b, r := buildKernel(t)
	if err := b.EmitReflection(r); err != nil {
		t.Fatal(err)
	}
	m := b.Module
	// Point the first argument's Decl at something that is not a Kernel.
	for _, in := range m.Trailing {
		if spirv.ClspvReflection(in.Operands[1]) == spirv.ClspvReflectionArgumentStorageBuffer {
			in.Operands[2] = in.Operands[3]
		}
	}
	_, err := spirv.ReadReflection(m)
	if err == nil || !strings.Contains(err.Error(), "ArgumentStorageBuffer") || !strings.Contains(err.Error(), "not a Kernel") {
		t.Errorf("got error %v, want one naming ArgumentStorageBuffer and the bad Kernel operand", err)
	}
}

// TestReadReflectionClspvStyle reads reflection laid out the way clspv
// writes it (testdata/kernel.spvasm, written by hand after clspv's tests).
func TestReadReflectionClspvStyle(t *testing.T) {
	data, err := os.ReadFile("testdata/kernel.spv")
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	want := &spirv.Reflection{
		Kernels: []spirv.Kernel{{Name: "foo", Function: m.Functions[0].ID, NumArgs: 1, Args: []spirv.Arg{
			{Name: "a", Kind: spirv.ArgBuffer},
			{Name: "f", Ordinal: 1, Kind: spirv.ArgPOD, Binding: 1, Size: 4},
		}}},
		WorkgroupSizeSpecIDs: &[3]uint32{0, 1, 2},
	}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("got %+v\nwant %+v", r, want)
	}
	wantMap := "kernel,foo,arg,a,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,buffer\n" +
		"kernel,foo,arg,f,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,pod\n"
	if got := r.DescriptorMap(); got != wantMap {
		t.Errorf("descriptor map:\n%s\nwant:\n%s", got, wantMap)
	}
}

// TestDisassembleBuiltModule compares the disassembly of a module made by
// the Builder, with reflection, with spirv-dis in both naming modes.
func TestDisassembleBuiltModule(t *testing.T) {
	b, r := buildKernel(t)
	if err := b.EmitReflection(r); err != nil {
		t.Fatal(err)
	}
	dis := spirvtest.Tool(t, "spirv-dis")
	file := filepath.Join(t.TempDir(), "m.spv")
	if err := os.WriteFile(file, b.Module.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, raw := range []bool{false, true} {
		args := []string{file}
		if raw {
			args = append(args, "--raw-id")
		}
		want, err := exec.Command(dis, args...).Output()
		if err != nil {
			t.Fatal(err)
		}
		got := spirv.Disassemble(b.Module, spirv.DisOptions{RawID: raw})
		if got != string(want) {
			gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Errorf("raw=%v line %d:\n got %q\nwant %q", raw, i+1, gl[i], wl[i])
					break
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("raw=%v: %d lines, want %d", raw, len(gl), len(wl))
			}
		}
	}
}
