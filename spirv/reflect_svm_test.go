package spirv_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestSVMTableRoundTrip: a physical module's reflection (pointer
// arguments in push constants and a uniform buffer, the program-scope
// variables' address in push constants, the SVM table in clgo's own
// NonSemantic set) reads back as written, and the module validates.
func TestSVMTableRoundTrip(t *testing.T) {
	b, r := buildKernel(t)
	r.Kernels[0].Args[0] = spirv.Arg{Name: "a", Ordinal: 0, Kind: spirv.ArgPointerPushConstant, Offset: 16, Size: 8}
	r.Kernels[0].Args = append(r.Kernels[0].Args, spirv.Arg{Name: "b", Ordinal: 4, Kind: spirv.ArgPointerUBO, DescriptorSet: 0, Binding: 2, Offset: 8, Size: 8})
	r.Kernels[0].NumArgs = 5
	r.ProgramScopeVariables = &spirv.ProgramScopeVariables{PushConstant: true, Offset: 24, Size: 8, Data: []byte{5, 0, 0, 0}}
	r.SVMTable = &spirv.SVMTable{Offset: 32, Size: 8}
	if err := b.EmitReflection(r); err != nil {
		t.Fatal(err)
	}
	words := b.Module.Words()
	spirvtest.Validate(t, words, "vulkan1.1")
	m, err := spirv.DecodeWords(words)
	if err != nil {
		t.Fatal(err)
	}
	if dis := spirv.Disassemble(m, spirv.DisOptions{}); !strings.Contains(dis, `"NonSemantic.clgo.1"`) {
		t.Fatalf("no clgo instruction set:\n%s", dis)
	}
	got, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	want := *r
	want.Kernels = append([]spirv.Kernel(nil), r.Kernels...)
	want.Kernels[0].Function = b.Module.Functions[0].ID
	if !reflect.DeepEqual(got, &want) {
		t.Errorf("ReadReflection(EmitReflection(r)):\n got %+v\nwant %+v", got, &want)
	}
	if !reflect.DeepEqual(got.SVMTable, r.SVMTable) || !reflect.DeepEqual(got.ProgramScopeVariables, r.ProgramScopeVariables) {
		t.Errorf("SVM table %+v, program-scope variables %+v", got.SVMTable, got.ProgramScopeVariables)
	}
}

// The physical-addressing reflection (docs/physical.md §4-§5): the
// program-scope variables' pointer push constant and the SVM table survive
// a round trip, and the module stays valid.
func TestReflectionPhysicalRoundTrip(t *testing.T) {
	b, r := buildKernel(t)
	r.ProgramScopeVariables = &spirv.ProgramScopeVariables{PushConstant: true, Offset: 16, Size: 8, Data: []byte{1, 2, 3, 4}}
	r.SVMTable = &spirv.SVMTable{Offset: 24, Size: 8}
	if err := b.EmitReflection(r); err != nil {
		t.Fatal(err)
	}
	words := b.Module.Words()
	spirvtest.Validate(t, words, "vulkan1.1")
	m, err := spirv.DecodeWords(words)
	if err != nil {
		t.Fatal(err)
	}
	got, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.ProgramScopeVariables, r.ProgramScopeVariables) {
		t.Errorf("ProgramScopeVariables: got %+v, want %+v", got.ProgramScopeVariables, r.ProgramScopeVariables)
	}
	if got.SVMTable == nil || *got.SVMTable != *r.SVMTable {
		t.Errorf("SVMTable: got %+v, want %+v", got.SVMTable, r.SVMTable)
	}
}
