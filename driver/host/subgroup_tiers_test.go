package host_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestSubgroupWidthAgrees: the device reports the lane IR's sub-group size.
func TestSubgroupWidthAgrees(t *testing.T) {
	if lanes.SubgroupSize != host.SubgroupWidth {
		t.Fatalf("lanes.SubgroupSize %d, host.SubgroupWidth %d", lanes.SubgroupSize, host.SubgroupWidth)
	}
}

// TestSubgroupTiers runs testdata/subgroup_tiers.cl (sub-group operations
// whose results depend on the sub-group size: sizes and ids, reductions
// and scans of int, uint, long and float, broadcasts, shuffles, votes,
// ballots, clustered reductions, loops whose lanes leave at different
// rounds, divergent branches, sub-group barriers, early returns) on the
// Go executor (chunks of 64, the reference, and of 8 so that sub-groups
// span chunks) and native code: every output word must agree, and native
// code must run the kernel rather than fall back.
func TestSubgroupTiers(t *testing.T) {
	src, err := os.ReadFile("testdata/subgroup_tiers.cl")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := compiler.ParseOptions("-cl-std=CL2.0")
	if err != nil {
		t.Fatal(err)
	}
	// The host device's features: every sub-group operation class.
	opts.Features.Subgroups, opts.Features.SubgroupExtendedTypes = 0x7f, true
	res, err := compiler.CompileFile("subgroup_tiers.cl", string(src), opts)
	if err != nil {
		t.Fatal(err)
	}
	// 72 items: two full sub-groups and one of 8 (a chunk); 70: the last
	// chunk holds 6 lanes.
	for _, local := range []int{72, 70} {
		t.Run(fmt.Sprint(local), func(t *testing.T) {
			const groups, nout = 3, 42
			n := groups * local
			rng := rand.New(rand.NewSource(16))
			in, fin := make([]byte, 4*n), make([]byte, 4*n)
			for i := range n {
				binary.LittleEndian.PutUint32(in[4*i:], uint32(int32(rng.Intn(101)-50)))
				f := float32(rng.NormFloat64() * 10)
				if i%37 == 5 {
					f = float32(math.NaN())
				}
				binary.LittleEndian.PutUint32(fin[4*i:], math.Float32bits(f))
			}
			runOn := func(t *testing.T, tier string) []byte {
				return runWordsKernel(t, res.SPIRV, "sg_raw", tier, n, local, [][]byte{in, fin, make([]byte, 4*nout*n)})
			}
			var want []byte
			t.Run("lanes", func(t *testing.T) { want = runOn(t, "lanes") })
			if want == nil {
				t.FailNow()
			}
			if binary.LittleEndian.Uint32(want[4*41:]) != 0xabcdef {
				t.Fatalf("the Go executor did not finish the kernel")
			}
			check := func(t *testing.T, got []byte) { compareWords(t, got, want, nout) }
			t.Run("lanes8", func(t *testing.T) {
				defer host.SetLaneChunk(host.SetLaneChunk(8))
				check(t, runOn(t, "lanes"))
			})
			t.Run("native", func(t *testing.T) { check(t, runOn(t, "native")) })
			// Every back edge yields, and every op that can is a
			// call-out: both kinds of exits mixed with the passes.
			t.Run("native-yield-callout", func(t *testing.T) {
				defer host.SetNativeYieldBudget(host.SetNativeYieldBudget(1))
				defer host.ForceNativeCallouts(func(code, kind int) bool { return true })()
				calls := host.NativeCallouts()
				check(t, runOn(t, "native"))
				if host.NativeOK() && host.NativeCallouts() == calls {
					t.Errorf("no call-outs ran")
				}
			})

		})
	}
}
