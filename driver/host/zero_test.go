package host

import (
	"context"
	"encoding/binary"
	"os"
	"testing"
)

// TestZeroInitializedPrivateArray: a Function array too large for the
// lane tier to scalarize, zeroed by one store of OpConstantNull at the
// kernel's start (testdata/zero_private.spvasm), must read as zeros in
// every work-group on the lane tier and in native code, though the groups
// before, on the same worker, wrote into it (lanes/zero.go, Region.Zero).
func TestZeroInitializedPrivateArray(t *testing.T) {
	src, err := os.ReadFile("testdata/zero_private.spvasm")
	if err != nil {
		t.Fatal(err)
	}
	const groups, local = 16, 8
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		k := prepare(t, asm(t, string(src)), "main", nil)
		if tier == "native" && NativeOK() && !k.OnNative() {
			t.Fatalf("%s: not native code: %v", tier, k.tier.nativeErr)
		}
		out := make([]byte, 4*groups*local)
		d := dispatch([3]int{groups, 1, 1}, nil, out)
		d.Workers = 1 // one runner for every group: the array is reused
		for range 2 {
			if err := k.Run(context.Background(), d); err != nil {
				t.Fatalf("%s: %v", tier, err)
			}
			for i := range groups * local {
				want := uint32(0)
				if (i*7)%5000%97 == 0 {
					want = uint32(i + 1)
				}
				if g := binary.LittleEndian.Uint32(out[4*i:]); g != want {
					t.Fatalf("%s: out[%d] = %d, want %d", tier, i, g, want)
				}
			}
		}
	}
}
