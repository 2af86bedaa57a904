package host

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestSpecMemoryLimitTiers: specialization constants that size a
// kernel's work-group, __local array and private array past the host's
// limits give the same error on the Go executor and in native code, word
// for word (testdata/memlimit.comp); within the limits both run it with
// the same results.
func TestSpecMemoryLimitTiers(t *testing.T) {
	for _, c := range []struct {
		spec map[uint32]uint64
		want string // part of the error, "" for none
	}{
		{map[uint32]uint64{0: 64, 1: 700000, 2: 4}, "2800000 bytes of local (Workgroup) memory per work-group: more than the device's 1048576 (CL_DEVICE_LOCAL_MEM_SIZE)"},
		{map[uint32]uint64{0: 64, 1: 262145, 2: 4}, "1048580 bytes of local"},
		{map[uint32]uint64{0: 64, 1: 64, 2: 1 << 28}, "per work-item"},
		{map[uint32]uint64{0: 64, 1: 262144, 2: 4}, ""},
		{map[uint32]uint64{0: 1024, 1: 64, 2: 8}, ""},
	} {
		var want string
		var wantOut []byte
		for _, tier := range []string{"lanes", "native"} {
			setTierIn(t, tier)
			k := prepare(t, glsl(t, "memlimit.comp"), "main", c.spec)
			if tier == "native" && NativeOK() && !k.OnNative() {
				t.Fatalf("%v: %s: not on that tier", c.spec, tier)
			}
			out := make([]byte, 4*(64+3*1024)) // the input, then a word per work-item
			for i := range out {
				out[i] = byte(i * 7)
			}
			err := fmt.Sprint(k.Run(context.Background(), dispatch([3]int{3, 1, 1}, nil, out)))
			if tier == "lanes" {
				want, wantOut = err, out
				if c.want == "" && err != "<nil>" || c.want != "" && !strings.Contains(err, c.want) {
					t.Fatalf("%v: lanes: %s, want %q", c.spec, err, c.want)
				}
				continue
			}
			if err != want {
				t.Errorf("%v: %s: %s\nlanes: %s", c.spec, tier, err, want)
			} else if want == "<nil>" && !bytes.Equal(out, wantOut) {
				t.Errorf("%v: %s: results differ from the Go executor's", c.spec, tier)
			}
		}
	}
}

// TestPrivateLimitTiers: a kernel whose runner state (frames, private
// and local memory; the private memory a spec-constant-sized array) just
// passes the host's budget for a worker's state fails with
// CL_OUT_OF_RESOURCES on every tier; just within the budget it runs.
func TestPrivateLimitTiers(t *testing.T) {
	spec := map[uint32]uint64{0: 64, 1: 64, 2: 4096} // 16 KiB per work-item
	memSizes()
	old := globalMem
	t.Cleanup(func() { globalMem = old })
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		globalMem = old
		per := prepare(t, glsl(t, "memlimit.comp"), "main", spec).tier.workerBytes()
		for _, budget := range []uint64{per - 1, per} {
			globalMem = 2 * budget // stateBudget is half of it
			k := prepare(t, glsl(t, "memlimit.comp"), "main", spec)
			out := make([]byte, 4*(64+2*64))
			err := k.Run(context.Background(), dispatch([3]int{2, 1, 1}, nil, out))
			if (budget < per) != (err != nil && strings.Contains(err.Error(), "per work-item") && errors.Is(err, driver.ErrOutOfResources)) {
				t.Errorf("%s: budget %d, state %d: %v", tier, budget, per, err)
			}
		}
	}
}
