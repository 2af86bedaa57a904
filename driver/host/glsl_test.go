package host

import (
	"testing"
)

func TestGLSLTriad(t *testing.T) {
	m := glsl(t, "triad.comp")
	k := prepare(t, m, "main", nil)
	if k.LocalSize() != [3]int{64, 1, 1} {
		t.Fatalf("local size %v", k.LocalSize())
	}
	const n = 1000
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(2*i+1)
	}
	c := make([]byte, 4*n)
	push := append(f32s([]float32{3}), u32s([]uint32{n})...)
	run(t, k, [3]int{(n + 63) / 64, 1, 1}, push, f32s(a), f32s(b), c)
	for i := range n {
		if got, want := getF32(c, i), a[i]+3*b[i]; got != want {
			t.Fatalf("c[%d] = %v, want %v", i, got, want)
		}
	}
}

func TestGLSLReduce(t *testing.T) {
	m := glsl(t, "reduce.comp")
	for _, local := range []uint64{1, 16, 64, 256} {
		k := prepare(t, m, "main", map[uint32]uint64{0: local, 1: local})
		if k.LocalSize()[0] != int(local) {
			t.Fatalf("local size %v", k.LocalSize())
		}
		const groups = 37
		n := groups * int(local)
		in := make([]uint32, n)
		for i := range in {
			in[i] = uint32(i*7 + 1)
		}
		out := make([]byte, 4*groups)
		run(t, k, [3]int{groups, 1, 1}, nil, u32s(in), out)
		for g := range groups {
			var want uint32
			for _, v := range in[g*int(local) : (g+1)*int(local)] {
				want += v
			}
			if got := getU32(out, g); got != want {
				t.Fatalf("local %d: partial[%d] = %d, want %d", local, g, got, want)
			}
		}
	}
}
