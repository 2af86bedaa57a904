package lanes

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// TestExactOffset: an access at a negative index traps with the poison
// offset; the group run again by BuildExact's program gives the access's
// byte offset exactly (a private array, a buffer through two indices).
func TestExactOffset(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int64
	}{
		{`kernel void k(global int *o, int n) { int p[4]; int i = get_global_id(0); p[i & 3] = i; o[i] = p[(i & 3) - 3 - (i == 5 ? 2 : 0)]; }`, -12},
		{`kernel void k(global int4 *o, int n) { int i = get_global_id(0); o[i * 2 - 6].y = i; }`, -96 + 4},
	} {
		res, err := compiler.Compile(c.src, compiler.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		m, err := spirv.Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		spec := map[uint32]uint64{0: 8, 1: 1, 2: 1}
		p, err := BuildExact(spirv.NewIndex(m), "k", spec, 8)
		if err != nil {
			t.Fatal(err)
		}
		mem := make([][]byte, len(p.Regions))
		for i, rg := range p.Regions {
			switch {
			case rg.Kind == RegionBuffer && rg.Set == 0 && rg.Binding == 0:
				mem[i] = make([]byte, 4*64)
			case rg.Kind == RegionBuffer || rg.Kind == RegionPush:
				mem[i] = make([]byte, max(rg.Size, 64))
			}
		}
		e := NewExec(p)
		tr := e.RunGroup(&Group{Memory: mem, NumGroups: [3]uint32{1, 1, 1}})
		if tr == nil || tr.Code != TrapAccess || tr.Offset != 0xffffffff {
			t.Fatalf("%s: trap %+v, want an access at the poison offset", c.src, tr)
		}
		if got, ok := e.ExactOffset(tr); !ok || got != c.want {
			t.Errorf("%s: exact offset %d (%v), want %d", c.src, got, ok, c.want)
		}
	}
}
