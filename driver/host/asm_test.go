package host

import (
	"os"
	"testing"
)

func TestFlow(t *testing.T) {
	src, err := os.ReadFile("testdata/flow.spvasm")
	if err != nil {
		t.Fatal(err)
	}
	k := prepare(t, asm(t, string(src)), "main", nil)
	const lanes = 128
	in := make([]uint32, lanes)
	out := make([]uint32, 4*lanes)
	for i := range in {
		in[i] = uint32(3*i + 1)
	}
	for i := range out {
		out[i] = 5
	}
	ob := u32s(out)
	run(t, k, [3]int{lanes / 32, 1, 1}, nil, ob, u32s(in))
	for i := range lanes {
		want := [4]uint32{5, 5, 5, 5}
		if i < 100 {
			n := uint32(i % 7)
			sum := n * (n - 1) / 2
			sv := [3]uint32{100, 2, 7}[i%3]
			y := uint32(5)
			if i%2 == 0 {
				y = in[i]
			}
			want = [4]uint32{sum, sum, sv, y}
		}
		for j := range 4 {
			if got := getU32(ob, 4*i+j); got != want[j] {
				t.Errorf("lane %d: out[%d] = %d, want %d", i, 4*i+j, got, want[j])
			}
		}
	}
}

// TestSelectPointers: OpSelect of pointers into one buffer runs on every
// tier (the lane tier selects their offsets) with the same results.
func TestSelectPointers(t *testing.T) {
	src, err := os.ReadFile("testdata/select_ptr.spvasm")
	if err != nil {
		t.Fatal(err)
	}
	const n = 64
	in := make([]uint32, n+1)
	for i := range in {
		in[i] = uint32(7*i + 3)
	}
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		k := prepare(t, asm(t, string(src)), "main", nil)
		if tier == "native" && NativeOK() && !k.OnNative() {
			t.Fatalf("%s: not native code: %v", tier, k.tier.nativeErr)
		}
		ob := u32s(make([]uint32, 2*n))
		run(t, k, [3]int{n / 8, 1, 1}, nil, ob, u32s(in))
		for i := range n {
			at, other := i, i+n
			want := in[i+1]
			if i%2 == 0 {
				at, other, want = i+n, i, in[i]
			}
			if g := getU32(ob, at); g != want {
				t.Errorf("%s: out[%d] = %d, want %d", tier, at, g, want)
			}
			if g := getU32(ob, other); g != 0 {
				t.Errorf("%s: out[%d] = %d, want 0", tier, other, g)
			}
		}
	}
}
