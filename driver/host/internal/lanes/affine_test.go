package lanes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// accessForms lists the memory ops of p with their offsets' forms:
// "Load:4" (stride 4), "Store:?" (not known), "Load:u" (a Uniform
// offset), "!" after a statically full mask.
func accessForms(p *Program) string {
	f := Forms(p)
	var out []string
	for _, o := range p.Ops {
		if o.Code != Load && o.Code != Store {
			continue
		}
		s := o.Code.String() + ":"
		switch fa := f[o.A]; {
		case p.Values[o.A].Shape == Uniform:
			s += "u"
		case fa.Known:
			s += fmt.Sprint(fa.Stride)
		default:
			s += "?"
		}
		if f[o.M].Full {
			s += "!"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestForms: the strides of offsets in the lane, as the access-form
// analysis finds them in kernels' lane programs (chunks of 8).
func TestForms(t *testing.T) {
	cases := []struct {
		src   string
		local [3]uint64
		want  string
	}{
		{`kernel void k(global const float *a, global float *b, global const float4 *c, int w) {
			int i = get_global_id(0);
			float4 v = c[i];
			b[i] = a[i] + v.x + v.w + a[2 * i + 1] + a[w] + a[(i * 7) ^ 1];
		}`, [3]uint64{64, 1, 1},
			"Load:u! Load:u! Load:16! Load:16! Load:16! Load:16! Load:4! Load:8! Load:u! Load:?! Store:4!"},
		// Rows of 16 lanes: a chunk is half a row, so local id 1 is
		// one per chunk; the tile's column is read at a stride of 17
		// floats. Groups of 13 lanes leave the last chunk partial: no
		// full masks, and local id 0 is not affine in 13-lane rows.
		{`kernel void k(global const float *in, global float *out, int w) {
			local float tile[16][17];
			int x = get_global_id(0), y = get_global_id(1);
			tile[get_local_id(1)][get_local_id(0)] = in[y * w + x];
			barrier(CLK_LOCAL_MEM_FENCE);
			out[y * w + x] = tile[get_local_id(0)][get_local_id(1)];
		}`, [3]uint64{16, 16, 1}, "Load:u! Load:u! Load:u! Load:4! Store:4! Load:68! Store:4!"},
		{`kernel void k(global const float *in, global float *out, int w) {
			int x = get_global_id(0);
			out[x] = in[x * 2];
		}`, [3]uint64{13, 1, 1}, "Load:u Load:? Store:?"},
	}
	for n, c := range cases {
		res, err := compiler.Compile(c.src, compiler.DefaultOptions())
		if err != nil {
			t.Fatalf("%d: compile: %v", n, err)
		}
		m, err := spirv.Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Build(spirv.NewIndex(m), "k", map[uint32]uint64{0: c.local[0], 1: c.local[1], 2: c.local[2]}, 8)
		if err != nil {
			t.Fatal(err)
		}
		if got := accessForms(p); got != c.want {
			t.Errorf("%d: forms %s\nwant %s\n%s", n, got, c.want, p)
		}
	}
}
