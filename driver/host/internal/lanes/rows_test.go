package lanes

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// TestRowIDsUniform: with 16x4x2 work-groups, chunks of 8 and 16 lie in
// one row, so the ids of dimensions 1 and 2 are Uniform; chunks of 32
// span two rows of dimension 1 (Varying) but lie in one plane of
// dimension 2 (64 lanes below it: Uniform). Dimension 0 is always Varying.
// The kernel's results (each work-item's ids and a row-counted loop) are
// checked against values computed by hand for every chunk size.
func TestRowIDsUniform(t *testing.T) {
	const src = `kernel void k(global int *out) {
		int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
		int s = 0;
		for (int i = 0; i < y + z; i++)
			s += i;
		int l = (z * 8 + y) * 32 + x;
		out[l] = s * 1000 + get_local_id(1) * 100 + get_local_id(2) * 10 + get_local_id(0) % 10;
	}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	local := [3]int{16, 4, 2}
	for _, tc := range []struct {
		chunk   int
		uniform [3]bool
	}{{8, [3]bool{false, true, true}}, {16, [3]bool{false, true, true}}, {32, [3]bool{false, false, true}}} {
		p, err := Build(spirv.NewIndex(m), "k", map[uint32]uint64{0: 16, 1: 4, 2: 2}, tc.chunk)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, o := range p.Ops {
			if o.Code != LocalID && o.Code != GlobalID {
				continue
			}
			seen++
			want := Varying
			if tc.uniform[o.Imm] {
				want = Uniform
			}
			if got := p.Values[o.Dst].Shape; got != want {
				t.Errorf("chunk %d: %s(%d) is %v, want %v", tc.chunk, o.Code, o.Imm, got, want)
			}
		}
		if seen == 0 {
			t.Fatalf("chunk %d: no id ops", tc.chunk)
		}
		// Two groups in x, two in y, two in z: 32x8x4 work-items.
		out := words(32 * 8 * 4)
		mem := make([][]byte, len(p.Regions))
		for i, rg := range p.Regions {
			switch rg.Kind {
			case RegionBuffer:
				mem[i] = out
			case RegionPush:
				mem[i] = make([]byte, max(rg.Size, 64))
			}
		}
		e := NewExec(p)
		g := &Group{Memory: mem, NumGroups: [3]uint32{2, 2, 2}}
		for gz := range 2 {
			for gy := range 2 {
				for gx := range 2 {
					g.ID = [3]uint32{uint32(gx), uint32(gy), uint32(gz)}
					if tr := e.RunGroup(g); tr != nil {
						t.Fatalf("chunk %d: %v", tc.chunk, tr)
					}
				}
			}
		}
		for z := range 4 {
			for y := range 8 {
				for x := range 32 {
					n := y + z
					want := n*(n-1)/2*1000 + y%local[1]*100 + z%local[2]*10 + x%local[0]%10
					if got := int32(word(out, (z*8+y)*32+x)); got != int32(want) {
						t.Fatalf("chunk %d: out(%d,%d,%d) = %d, want %d", tc.chunk, x, y, z, got, want)
					}
				}
			}
		}
	}
}
