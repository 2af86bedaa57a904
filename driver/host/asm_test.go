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
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		k := prepare(t, asm(t, string(src)), "main", nil)
		// The pointer OpSelect chooses between two buffers (lanes/selptr.go).
		if tier == "native" && NativeOK() && !k.OnNative() {
			t.Fatalf("%s: not native code: %v", tier, k.tier.nativeErr)
		}
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
					t.Errorf("%s: lane %d: out[%d] = %d, want %d", tier, i, 4*i+j, got, want[j])
				}
			}
		}
	}
}

// TestSelectPointers: OpSelect of pointers into one buffer and into two
// runs on every tier (the lane tier selects their offsets, or accesses
// each memory under its lanes: lanes/selptr.go) with the same results.
func TestSelectPointers(t *testing.T) {
	src, err := os.ReadFile("testdata/select_ptr.spvasm")
	if err != nil {
		t.Fatal(err)
	}
	const n = 64
	in := make([]uint32, 2*n)
	for i := range in {
		in[i] = uint32(7*i + 3)
	}
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		k := prepare(t, asm(t, string(src)), "main", nil)
		if tier == "native" && NativeOK() && !k.OnNative() {
			t.Fatalf("%s: not native code: %v", tier, k.tier.nativeErr)
		}
		ob, ib := u32s(make([]uint32, 2*n)), u32s(in)
		run(t, k, [3]int{n / 8, 1, 1}, nil, ob, ib)
		for i := range n {
			y := in[i+1]
			if i%2 == 0 {
				y = in[i]
			}
			wantOut := [2]uint32{y, 0} // out[i], out[i+64]
			wantIn := in[i+n]          // in[i+64]
			if i%2 == 0 {
				wantOut = [2]uint32{y + 1000, y}
			} else {
				wantIn = y + 1000
			}
			if g := [2]uint32{getU32(ob, i), getU32(ob, i+n)}; g != wantOut {
				t.Errorf("%s: out[%d], out[%d] = %v, want %v", tier, i, i+n, g, wantOut)
			}
			if g := getU32(ib, i+n); g != wantIn {
				t.Errorf("%s: in[%d] = %d, want %d", tier, i+n, g, wantIn)
			}
		}
	}
}
