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
