package spirv_test

import (
	"reflect"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

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
