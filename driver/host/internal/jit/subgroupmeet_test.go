package jit

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// buildSubgroupCL builds kernel k of src as OpenCL C 2.0 with every
// sub-group extension (the host device's features) for chunks of 8.
func buildSubgroupCL(t *testing.T, src string, local int) *lanes.Program {
	t.Helper()
	opts, err := compiler.ParseOptions("-cl-std=CL2.0")
	if err != nil {
		t.Fatal(err)
	}
	opts.Features.Subgroups, opts.Features.SubgroupExtendedTypes = 0x7f, true
	res, err := compiler.CompileFile("k.cl", src, opts)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	p, err := lanes.Build(spirv.NewIndex(m), "k", map[uint32]uint64{0: uint64(local), 1: 1, 2: 1}, chunk)
	if err != nil {
		t.Fatalf("build: %v\n%s", err, src)
	}
	return p
}

// sgMeetCases are sub-group operations (T: int, uint or float; x the
// lane's value, s a small per-lane number) that subgroupops.go computes
// natively.
var sgMeetCases = []struct {
	expr  string
	types string // the types of x it takes: i (int), u (uint), f (float)
	// divergent: the expression may run under a branch that only some
	// lanes take (a non-uniform built-in).
	divergent bool
}{
	{"sub_group_reduce_add(x)", "iuf", false},
	{"sub_group_reduce_min(x)", "iuf", false},
	{"sub_group_reduce_max(x)", "iuf", false},
	{"sub_group_scan_inclusive_add(x)", "iuf", false},
	{"sub_group_scan_inclusive_min(x)", "iuf", false},
	{"sub_group_scan_inclusive_max(x)", "iuf", false},
	{"sub_group_scan_exclusive_add(x)", "iuf", false},
	{"sub_group_scan_exclusive_min(x)", "iuf", false},
	{"sub_group_scan_exclusive_max(x)", "iuf", false},
	{"sub_group_non_uniform_reduce_add(x)", "iuf", true},
	{"sub_group_non_uniform_reduce_min(x)", "iuf", true},
	{"sub_group_non_uniform_reduce_max(x)", "iuf", true},
	{"sub_group_non_uniform_reduce_mul(x)", "iuf", true},
	{"sub_group_non_uniform_scan_inclusive_add(x)", "iuf", true},
	{"sub_group_non_uniform_scan_exclusive_max(x)", "iuf", true},
	{"sub_group_non_uniform_scan_inclusive_min(x)", "iuf", true},
	{"sub_group_non_uniform_scan_exclusive_mul(x)", "iuf", true},
	{"sub_group_non_uniform_reduce_and(x)", "iu", true},
	{"sub_group_non_uniform_reduce_or(x)", "iu", true},
	{"sub_group_non_uniform_scan_inclusive_xor(x)", "iu", true},
	{"sub_group_broadcast(x, 3)", "iuf", false},
	{"sub_group_broadcast(x, 17)", "iuf", false},
	{"sub_group_non_uniform_broadcast(x, 5)", "iuf", true},
	{"sub_group_broadcast_first(x)", "iuf", true},
	{"sub_group_shuffle(x, s)", "iuf", true},
	{"sub_group_shuffle(x, 31 - get_sub_group_local_id())", "iuf", true},
	{"sub_group_shuffle_xor(x, 1)", "iuf", true},
	{"sub_group_shuffle_xor(x, s)", "iuf", true},
	{"sub_group_shuffle_up(x, 1)", "iuf", true},
	{"sub_group_shuffle_up(x, s)", "iuf", true},
	{"sub_group_shuffle_down(x, 3)", "iuf", true},
	{"sub_group_shuffle_down(x, s)", "iuf", true},
	{"(T)sub_group_elect()", "i", true},
	{"(T)sub_group_any(x > 40)", "if", false},
	{"(T)sub_group_all(x > -45)", "if", false},
	{"(T)sub_group_non_uniform_any(x > 40)", "if", true},
	{"(T)sub_group_non_uniform_all(x > -45)", "if", true},
	{"(T)sub_group_ballot(x > 0).x", "iu", true},
}

// sgMeetForms place an operation: converged; under a branch some lanes
// take; in a loop whose lanes leave at different rounds (the loop's back
// edge is a sync too). E is the expression.
var sgMeetForms = []struct {
	name, body string
	divergent  bool
}{
	{"converged", "out[g] = E;", false},
	{"branch", "if (s & 4) out[g] = E; else out[g] = x;", true},
	{"loop", "T acc = 0; for (uint i = 0; i < (s & 3); i++) { acc += E; x = x + (T)1; } out[g] = acc;", true},
}

// TestSubgroupMeet: every operation subgroupops.go has code for, on int,
// uint and float values (NaNs, infinities and signed zeros among the
// floats, extremes among the integers), converged, in a branch and in a
// loop, in groups whose last sub-group is partial (70, 45) or a chunk (8,
// 72): native code's results are the Go executor's (chunks of 8, the
// runner's scheduling) bit for bit; converged code meets without the
// runner (one pass a group: the last).
func TestSubgroupMeet(t *testing.T) {
	needAMD64(t)
	types := map[byte]string{'i': "int", 'u': "uint", 'f': "float"}
	rng := rand.New(rand.NewPCG(17, 26))
	for _, c := range sgMeetCases {
		for _, f := range sgMeetForms {
			if f.divergent && !c.divergent {
				continue
			}
			for _, tc := range []byte(c.types) {
				T := types[tc]
				e := strings.ReplaceAll(c.expr, "T", T)
				src := fmt.Sprintf(`kernel void k(global %[1]s *out, global const %[1]s *in, global const uint *sel) {
	uint g = get_global_id(0);
	%[1]s x = in[g];
	uint s = sel[g];
	%[2]s
}`, T, strings.ReplaceAll(strings.ReplaceAll(f.body, "E", e), "T", T))
				for _, local := range []int{72, 70, 45, 8} {
					name := fmt.Sprintf("%s/%s/%s/%d", e, f.name, T, local)
					p := buildSubgroupCL(t, src, local)
					const groups = 3
					n := groups * local
					mem := make([][]byte, len(p.Regions))
					for r, rg := range p.Regions {
						switch rg.Kind {
						case lanes.RegionPush:
							mem[r] = make([]byte, max(rg.Size, 64))
						case lanes.RegionBuffer:
							mem[r] = make([]byte, 4*n)
							if rg.Binding > 0 {
								sgFill(rng, mem[r], tc, rg.Binding)
							}
						}
					}
					agree(t, name, p, mem, groups)
					checkMeets(t, name, p, f.name == "converged")
					if f.name == "converged" {
						k, err := Compile(p)
						if err != nil {
							t.Fatal(err)
						}
						r := k.NewRunner().(*runner)
						for gi := range groups {
							g := &lanes.Group{ID: [3]uint32{uint32(gi), 0, 0}, NumGroups: [3]uint32{groups, 1, 1}, Memory: mem}
							if tr := r.RunGroup(g); tr != nil {
								t.Fatalf("%s: %v", name, tr)
							}
						}
						if r.sg.passes != groups {
							t.Errorf("%s: %d passes for %d groups: the sub-groups did not meet in native code", name, r.sg.passes, groups)
						}
					}
				}
			}
		}
	}
}

// checkMeets fails if a SubgroupSync followed by Subgroup ops would not
// meet in native code (an op of the cases left to the runner).
func checkMeets(t *testing.T, name string, p *lanes.Program, want bool) {
	t.Helper()
	g := &gen{p: p}
	syncs := 0
	for i, o := range p.Ops {
		if o.Code != lanes.SubgroupSync {
			continue
		}
		syncs++
		if !g.sgMeetable(i) {
			t.Errorf("%s: the sync at op %d does not meet in native code:\n%s", name, i, p)
		}
	}
	if want && syncs == 0 {
		t.Errorf("%s: no SubgroupSync", name)
	}
}

// sgFill fills an input buffer: binding 1 with values of type tc, 2 with
// small numbers (lane ids, shuffle deltas, some past the sub-group).
func sgFill(rng *rand.Rand, b []byte, tc byte, binding int) {
	for w := 0; w < len(b); w += 4 {
		var v uint32
		switch {
		case binding != 1:
			v = uint32(rng.IntN(40))
		case tc == 'f':
			x := float32(rng.NormFloat64() * 20)
			switch rng.IntN(24) {
			case 0:
				x = float32(math.NaN())
			case 1:
				x = float32(math.Inf(1 - 2*rng.IntN(2)))
			case 2:
				x = float32(math.Copysign(0, -1))
			case 3:
				x = 0
			}
			v = math.Float32bits(x)
			if rng.IntN(40) == 0 {
				v = 0x7f800001 + uint32(rng.IntN(1000)) // a signaling NaN
			}
		default:
			v = uint32(int32(rng.IntN(101) - 50))
			switch rng.IntN(30) {
			case 0:
				v = 0x80000000
			case 1:
				v = 0x7fffffff
			case 2:
				v = 0xffffffff
			}
		}
		binary.LittleEndian.PutUint32(b[w:], v)
	}
}
