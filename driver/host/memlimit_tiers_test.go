package host

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestSpecMemoryLimitTiers: specialization constants that size a
// kernel's work-group, __local array and private array past the host's
// limits give the same error on the interpreter, the lane tier and in
// native code, word for word (testdata/memlimit.comp); within the limits
// every tier runs it with the interpreter's results.
func TestSpecMemoryLimitTiers(t *testing.T) {
	for _, c := range []struct {
		spec map[uint32]uint64
		want string // part of the interpreter's error, "" for none
	}{
		{map[uint32]uint64{0: 64, 1: 700000, 2: 4}, "2800000 bytes of local (Workgroup) memory per work-group: more than the device's 1048576 (CL_DEVICE_LOCAL_MEM_SIZE)"},
		{map[uint32]uint64{0: 64, 1: 262145, 2: 4}, "1048580 bytes of local"},
		{map[uint32]uint64{0: 64, 1: 64, 2: 1 << 28}, "per work-item"},
		{map[uint32]uint64{0: 64, 1: 262144, 2: 4}, ""},
		{map[uint32]uint64{0: 1024, 1: 64, 2: 8}, ""},
	} {
		var want string
		var wantOut []byte
		for _, tier := range []string{"interp", "lanes", "native"} {
			setTierIn(t, tier)
			k := prepare(t, glsl(t, "memlimit.comp"), "main", c.spec)
			if tier != "interp" && !k.OnTier() || tier == "native" && nativeCompile != nil && !k.OnNative() {
				t.Fatalf("%v: %s: not on that tier", c.spec, tier)
			}
			out := make([]byte, 4*(64+3*1024)) // the input, then a word per work-item
			for i := range out {
				out[i] = byte(i * 7)
			}
			err := fmt.Sprint(k.Run(context.Background(), dispatch([3]int{3, 1, 1}, nil, out)))
			if tier == "interp" {
				want, wantOut = err, out
				if c.want == "" && err != "<nil>" || c.want != "" && !strings.Contains(err, c.want) {
					t.Fatalf("%v: interpreter: %s, want %q", c.spec, err, c.want)
				}
				continue
			}
			if err != want {
				t.Errorf("%v: %s: %s\ninterpreter: %s", c.spec, tier, err, want)
			} else if want == "<nil>" && !bytes.Equal(out, wantOut) {
				t.Errorf("%v: %s: results differ from the interpreter's", c.spec, tier)
			}
		}
	}
}

// TestPrivateLimitTiers: a kernel whose private memory (a spec-constant-
// sized array) just passes the host's budget for a worker's state fails
// with the interpreter's error on every tier, though the lane tier's own
// state is smaller; just within the budget every tier runs it.
func TestPrivateLimitTiers(t *testing.T) {
	spec := map[uint32]uint64{0: 64, 1: 64, 2: 4096} // 16 KiB per work-item
	setTierIn(t, "interp")
	per := prepare(t, glsl(t, "memlimit.comp"), "main", spec).stateBytes()
	memSizes()
	old := globalMem
	t.Cleanup(func() { globalMem = old })
	for _, budget := range []uint64{per - 1, per} {
		globalMem = 2 * budget // stateBudget is half of it
		var want string
		for _, tier := range []string{"interp", "lanes", "native"} {
			setTierIn(t, tier)
			k := prepare(t, glsl(t, "memlimit.comp"), "main", spec)
			out := make([]byte, 4*(64+2*64))
			err := fmt.Sprint(k.Run(context.Background(), dispatch([3]int{2, 1, 1}, nil, out)))
			if tier == "interp" {
				want = err
				if (budget < per) != strings.Contains(err, "per work-item") {
					t.Fatalf("budget %d, state %d: interpreter: %s", budget, per, err)
				}
			} else if err != want {
				t.Errorf("budget %d: %s: %s\ninterpreter: %s", budget, tier, err, want)
			}
		}
	}
}
