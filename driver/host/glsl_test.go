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

// TestGLSLSubgroup runs glslang's subgroup operations (KHR_shader_subgroup
// arithmetic, ballot, shuffle, elect, the built-ins) on the host device's
// sub-groups of SubgroupWidth consecutive invocations, 70 to a work-group
// (sub-groups of 32, 32 and 6), and checks each against the values computed
// here.
func TestGLSLSubgroup(t *testing.T) {
	m := glsl(t, "subgroup.comp")
	const local, groups = 70, 3
	k := prepare(t, m, "main", map[uint32]uint64{0: local})
	n := local * groups
	in := make([]uint32, n)
	for i := range in {
		in[i] = uint32(i*13%17 + 1)
	}
	out := make([]byte, 4*8*n)
	run(t, k, [3]int{groups, 1, 1}, nil, u32s(in), out)
	const w = SubgroupWidth
	for g := 0; g < n; g += local {
		for lo := g; lo < g+local; lo += w {
			hi := min(lo+w, g+local)
			var sum, odd, oddSum uint32
			for i := lo; i < hi; i++ {
				sum += in[i]
				if in[i]&1 != 0 {
					odd++
					oddSum += in[i]
				}
			}
			var prefix uint32
			for i := lo; i < hi; i++ {
				prefix += in[i]
				want := []uint32{sum, prefix, odd, b2u32(i == lo), 0, uint32(i-lo) + 100*uint32((lo-g)/w), (local+w-1)/w + 100*w, 0}
				if j := lo + ((i - lo) ^ 1); j < hi {
					want[4] = in[j]
				} else {
					want[4] = getU32(out, 8*i+4) // undefined: the lane's own choice
				}
				if in[i]&1 != 0 {
					want[7] = oddSum
				}
				for c, v := range want {
					if got := getU32(out, 8*i+c); got != v {
						t.Fatalf("invocation %d output %d: got %d, want %d", i, c, got, v)
					}
				}
			}
		}
	}
}

func b2u32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
