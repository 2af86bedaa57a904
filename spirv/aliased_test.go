package spirv_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// decorations returns the decorations (without operands) on each id of m.
func decorations(m *spirv.Module) map[spirv.ID][]spirv.Decoration {
	out := map[spirv.ID][]spirv.Decoration{}
	for _, in := range m.Annotations {
		if in.Op == spirv.OpDecorate {
			id := spirv.ID(in.Operands[0])
			out[id] = append(out[id], spirv.Decoration(in.Operands[1]))
		}
	}
	return out
}

func has(ds []spirv.Decoration, d spirv.Decoration) int {
	n := 0
	for _, x := range ds {
		if x == d {
			n++
		}
	}
	return n
}

// TestMarkAliased marks the bindings of out (written) and in (const,
// NonWritable) of a compiled kernel: both become Aliased, in loses
// NonWritable, other and the POD arguments' buffer keep theirs, a second
// call adds nothing, and spirv-val accepts the result.
func TestMarkAliased(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *in, global const int *other, int n) {
		out[0] = in[0] + other[0] + n;
	}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	refl, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	args := refl.Kernel("k").Args
	at := map[[2]uint32]bool{{args[0].DescriptorSet, args[0].Binding}: true, {args[1].DescriptorSet, args[1].Binding}: true}
	// The variables by name.
	byName := map[string]spirv.ID{}
	for _, in := range m.Names {
		if in.Op == spirv.OpName {
			s, _, _ := spirv.DecodeString(in.Operands[1:])
			byName[s] = spirv.ID(in.Operands[0])
		}
	}
	before := decorations(m)
	if has(before[byName["in"]], spirv.DecorationNonWritable) != 1 || has(before[byName["other"]], spirv.DecorationNonWritable) != 1 {
		t.Fatalf("in and other are not NonWritable as compiled: %v %v", before[byName["in"]], before[byName["other"]])
	}
	got := spirv.MarkAliased(m, at)
	if len(got) != 2 || got[0] != byName["out"] || got[1] != byName["in"] {
		t.Fatalf("changed %v, want out %v and in %v", got, byName["out"], byName["in"])
	}
	if again := spirv.MarkAliased(m, at); len(again) != 2 {
		t.Fatalf("second call changed %v", again)
	}
	after := decorations(m)
	for _, name := range []string{"out", "in"} {
		ds := after[byName[name]]
		if has(ds, spirv.DecorationAliased) != 1 || has(ds, spirv.DecorationNonWritable) != 0 {
			t.Errorf("%s: decorations %v, want Aliased once and no NonWritable", name, ds)
		}
	}
	if ds := after[byName["other"]]; has(ds, spirv.DecorationAliased) != 0 || has(ds, spirv.DecorationNonWritable) != 1 {
		t.Errorf("other: decorations %v, want NonWritable and not Aliased", ds)
	}
	nw := 0
	for _, ds := range after {
		nw += has(ds, spirv.DecorationNonWritable)
	}
	if nw != 2 { // other and the POD arguments' buffer
		t.Errorf("%d NonWritable decorations left, want 2", nw)
	}
	spirvtest.ValidateModule(t, m, "vulkan1.1")
	if len(spirv.MarkAliased(m, map[[2]uint32]bool{{7, 7}: true})) != 0 {
		t.Error("a binding no variable has changed something")
	}
}
