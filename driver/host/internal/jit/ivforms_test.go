package jit

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// ivKernels advance indices in loops (lanes.Forms of values written more
// than once): grid-stride loops, an index stepped by the local size over
// float4s, a pointer bump, a descending index, nested loops, and the
// indices that must keep no form (stepped by a lane's own amount, or
// only where a condition holds). Buffer 0 is out (floats), 1 in
// (floats), 2 holds n (the grid-stride bound), the global size (the
// tests fill no push constants) and a step per lane.
// affine: every load from in is at an offset with a lane form.
var ivKernels = []struct {
	name, src string
	affine    bool
}{
	{"gridstride", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int n = nb[0];
		for (int i = get_global_id(0); i < n; i += nb[1])
			out[i] = in[i] * 2.0f + (float)i;
	}`, true},
	{"dot", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int n = nb[0];
		float acc = 0.0f;
		int last = -1;
		for (int i = get_global_id(0); i < n; i += nb[1]) {
			acc = mad(in[i], in[n - 1 - i], acc);
			last = i;
		}
		out[get_global_id(0)] = acc + (float)last;
	}`, false},
	{"vec4", `kernel void k(global float *out, global const float4 *in, global const int *nb) {
		int id = get_group_id(0) * get_local_size(0) * 4 + get_local_id(0);
		float4 s = 0;
		for (int i = 0; i < 2; i++) {
			s = s * 0.5f + in[id];
			id += get_local_size(0);
			s = s * 0.5f + in[id];
			id += get_local_size(0);
		}
		out[get_global_id(0)] = s.x + 2.0f * s.y + 3.0f * s.z + 4.0f * s.w;
	}`, true},
	{"bump", `kernel void k(global float *out, global const float *in, global const int *nb) {
		global const float *p = in + get_global_id(0);
		float s = 0.0f;
		for (int i = 0; i < 3; i++) {
			s = s * 0.75f + *p;
			p += nb[1];
		}
		out[get_global_id(0)] = s;
	}`, true},
	{"descending", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int n = nb[0];
		for (int i = n - nb[1] + get_global_id(0); i >= 0; i -= nb[1])
			out[i] = in[i] - 1.0f;
	}`, true},
	{"nested", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int n = nb[0] / 4;
		float s = 0.0f;
		for (int r = get_global_id(0); r < n; r += nb[1])
			for (int c = 0; c < 4; c++)
				s = s * 0.5f + in[r * 4 + c];
		out[get_global_id(0)] = s;
	}`, true},
	{"varystep", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int n = nb[0];
		float s = 0.0f;
		for (int i = get_global_id(0); i < n; i += nb[2 + get_local_id(0)])
			s = s * 0.5f + in[i];
		out[get_global_id(0)] = s;
	}`, false},
	{"partialstep", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int v = get_global_id(0), j = get_global_id(0);
		float s = 0.0f;
		for (int i = 0; i < 5; i++) {
			if (in[j] > 0.0f)
				v += 3;
			s = s * 0.5f + in[v] + in[j];
			j += nb[1];
		}
		out[get_global_id(0)] = s;
	}`, false},
	// Lane 3 of each chunk steps where the others do not: lanes 0 and
	// 7 stay 7 apart, so only the form (none) keeps the accesses at v
	// off the fast paths that check those two lanes.
	{"lane3", `kernel void k(global float *out, global const float *in, global const int *nb) {
		int v = get_global_id(0), w = get_global_id(0);
		for (int i = 0; i < 3; i++) {
			if ((get_local_id(0) & 7) == 3)
				v += 1;
			out[v] = in[v] + in[w] * 0.5f;
			w += nb[1];
		}
	}`, false},
}

// TestInductionForms runs ivKernels as native code and on the Go
// executor, bit for bit, traps included, in full chunks (groups of 64)
// and partial ones (groups of 13), with bounds that end the loops in
// every lane's own iteration and bounds past the buffers' ends (a trap
// in the middle of a loop whose accesses are vector ones).
func TestInductionForms(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(19, 20))
	for _, kc := range ivKernels {
		t.Run(kc.name, func(t *testing.T) { checkInductionKernel(t, rng, kc.src, kc.affine) })
	}
}

func checkInductionKernel(t *testing.T, rng *rand.Rand, src string, affine bool) {
	const groups = 2
	{
		for _, local := range []int{64, 13} {
			p := buildCL(t, src, local)
			if affine && local == 64 {
				f := lanes.Forms(p)
				for _, o := range p.Ops {
					if o.Code == lanes.Load && p.Regions[o.Imm].Binding == 1 && !f[o.A].Known {
						t.Errorf("a load from in at an offset with no form\n%s", p)
						break
					}
				}
			}
			for _, n := range []int{local*groups*4 + 5, 512, 600} {
				mem := make([][]byte, len(p.Regions))
				for r, rg := range p.Regions {
					switch {
					case rg.Kind == lanes.RegionPush:
						mem[r] = make([]byte, max(rg.Size, 64))
					case rg.Kind == lanes.RegionBuffer && rg.Binding == 2:
						b := make([]byte, 4*66)
						binary.LittleEndian.PutUint32(b, uint32(n))
						binary.LittleEndian.PutUint32(b[4:], uint32(groups*local))
						for w := 8; w < len(b); w += 4 {
							binary.LittleEndian.PutUint32(b[w:], uint32(1+rng.IntN(70)))
						}
						mem[r] = b
					case rg.Kind == lanes.RegionBuffer:
						b := make([]byte, 4*512)
						for w := 0; w < len(b); w += 4 {
							binary.LittleEndian.PutUint32(b[w:], math.Float32bits(rng.Float32()*2-1))
						}
						mem[r] = b
					}
				}
				what := fmt.Sprintf("local %d n %d", local, n)
				gm, nm, gt, nt := runBoth(t, p, mem, groups)
				if !reflect.DeepEqual(gt, nt) {
					t.Fatalf("%s: traps: go %+v, native %+v\n%s", what, gt, nt, p)
				}
				for r := range gm {
					if i := firstDiff(gm[r], nm[r]); i >= 0 {
						t.Fatalf("%s: region %d differs from byte %d\n%s", what, r, i, p)
					}
				}
			}
		}
	}
}
