package spirv

import (
	"os"
	"testing"
)

func TestIndex(t *testing.T) {
	data, err := os.ReadFile("testdata/kernel.spv")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	x := NewIndex(m)
	ep, ok := x.EntryPoint("foo")
	if !ok || ep.Model != ExecutionModelGLCompute || x.Name(ep.Function) != "foo" || len(ep.Interface) != 1 || x.Name(ep.Interface[0]) != "gid" {
		t.Fatalf("EntryPoint(foo) = %+v, %v", ep, ok)
	}
	if b, ok := x.DecorationValue(ep.Interface[0], DecorationBuiltIn); !ok || BuiltIn(b) != BuiltInGlobalInvocationId {
		t.Errorf("gid BuiltIn = %v, %v", BuiltIn(b), ok)
	}
	wgs := x.WorkgroupSizeID()
	if def := x.Defs[wgs]; def == nil || def.Op != OpSpecConstantComposite {
		t.Fatalf("WorkgroupSizeID = %d (%v)", wgs, def)
	}
	for i, c := range x.Defs[wgs].Operands {
		if id, ok := x.DecorationValue(ID(c), DecorationSpecId); !ok || id != uint32(i) {
			t.Errorf("work-group size component %d: SpecId %d, %v", i, id, ok)
		}
	}
	// The buffer variable: a StorageBuffer pointer to a Block struct whose
	// member 0 is at offset 0, a runtime array with stride 4.
	var buf ID
	for _, g := range m.Globals {
		if set, ok := x.DecorationValue(g.Result, DecorationDescriptorSet); ok && set == 0 {
			if b, _ := x.DecorationValue(g.Result, DecorationBinding); b == 0 {
				buf = g.Result
			}
		}
	}
	ptr := x.Defs[x.TypeOf(buf)]
	if ptr == nil || ptr.Op != OpTypePointer || StorageClass(ptr.Operands[0]) != StorageClassStorageBuffer {
		t.Fatalf("buffer pointer type = %v", ptr)
	}
	st := ID(ptr.Operands[1])
	if !x.HasDecoration(st, DecorationBlock) || x.MemberName(st, 0) != "data" {
		t.Errorf("struct %d: Block %v, member name %q", st, x.HasDecoration(st, DecorationBlock), x.MemberName(st, 0))
	}
	if off, ok := x.MemberDecoration(st, 0, DecorationOffset); !ok || off[0] != 0 {
		t.Errorf("member 0 Offset = %v, %v", off, ok)
	}
	rta := ID(x.Defs[st].Operands[0])
	if s, _ := x.DecorationValue(rta, DecorationArrayStride); s != 4 {
		t.Errorf("ArrayStride = %d", s)
	}
	fn := x.Funcs[ep.Function]
	if fn == nil || len(fn.Blocks) != 3 || x.Blocks[fn.Blocks[2].Label] != fn.Blocks[2] {
		t.Errorf("function blocks not indexed")
	}
}

func TestInstructionString(t *testing.T) {
	for _, tc := range []struct {
		in   Instruction
		want string
	}{
		{Instruction{Op: OpLoad, ResultType: 3, Result: 7, Operands: []uint32{6, uint32(MemoryAccessAligned), 4}}, "%7 = OpLoad %3 %6 Aligned 4"},
		{Instruction{Op: OpConstant, ResultType: 2, Result: 5, Operands: []uint32{42}}, "%5 = OpConstant %2 42"},
		{Instruction{Op: OpName, Operands: append([]uint32{1}, LiteralString("main")...)}, `OpName %1 "main"`},
		{Instruction{Op: OpDecorate, Operands: []uint32{4, uint32(DecorationBuiltIn), uint32(BuiltInLocalInvocationId)}}, "OpDecorate %4 BuiltIn LocalInvocationId"},
		{Instruction{Op: OpReturn}, "OpReturn"},
	} {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
