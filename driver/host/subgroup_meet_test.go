package host_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"testing"

	"github.com/clgo/clgo/compiler"
)

// TestSubgroupMeetTiers runs testdata/subgroup_meet.cl (every sub-group
// operation native code computes where a sub-group's chunks meet, on int,
// uint and float, converged, in branches and in a loop) on the Go
// executor (chunks of 64) and as native code (chunks of 8) in groups of
// 72, 70, 45 and 8 items:
// every output word must agree bit for bit.
func TestSubgroupMeetTiers(t *testing.T) {
	src, err := os.ReadFile("testdata/subgroup_meet.cl")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := compiler.ParseOptions("-cl-std=CL2.0")
	if err != nil {
		t.Fatal(err)
	}
	opts.Features.Subgroups, opts.Features.SubgroupExtendedTypes = 0x7f, true
	res, err := compiler.CompileFile("subgroup_meet.cl", string(src), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, local := range []int{72, 70, 45, 8} {
		t.Run(fmt.Sprint(local), func(t *testing.T) {
			const groups, nout = 3, 80
			n := groups * local
			rng := rand.New(rand.NewSource(int64(local)))
			in, fin, sel := make([]byte, 4*n), make([]byte, 4*n), make([]byte, 4*n)
			for i := range n {
				binary.LittleEndian.PutUint32(in[4*i:], uint32(int32(rng.Intn(101)-50)))
				f := float32(rng.NormFloat64() * 10)
				switch rng.Intn(20) {
				case 0:
					f = float32(math.NaN())
				case 1:
					f = float32(math.Inf(1 - 2*rng.Intn(2)))
				case 2:
					f = float32(math.Copysign(0, -1))
				}
				binary.LittleEndian.PutUint32(fin[4*i:], math.Float32bits(f))
				binary.LittleEndian.PutUint32(sel[4*i:], uint32(rng.Intn(40)))
			}
			runOn := func(t *testing.T, tier string) []byte {
				return runWordsKernel(t, res.SPIRV, "sg_meet", tier, n, local, [][]byte{in, fin, sel, make([]byte, 4*nout*n)})
			}
			var want []byte
			t.Run("lanes", func(t *testing.T) { want = runOn(t, "lanes") })
			if want == nil {
				t.FailNow()
			}
			if binary.LittleEndian.Uint32(want[4*(nout-1):]) != 0xabcdef {
				t.Fatalf("the Go executor did not finish the kernel")
			}
			compareWords(t, runOn(t, "native"), want, nout)
		})
	}
}
