package host

import (
	"context"
	"testing"
)

func BenchmarkTriad(b *testing.B) {
	k := prepare(b, glsl(b, "triad.comp"), "main", nil)
	const n = 1 << 20
	a, bb, c := make([]byte, 4*n), make([]byte, 4*n), make([]byte, 4*n)
	push := append(f32s([]float32{3}), u32s([]uint32{n})...)
	d := dispatch([3]int{n / 64, 1, 1}, push, a, bb, c)
	b.SetBytes(12 * n)
	measure(b, k, d)
}

func BenchmarkReduce(b *testing.B) {
	k := prepare(b, glsl(b, "reduce.comp"), "main", map[uint32]uint64{0: 256, 1: 256})
	const n = 1 << 20
	in, out := make([]byte, 4*n), make([]byte, 4*n/256)
	d := dispatch([3]int{n / 256, 1, 1}, nil, in, out)
	b.SetBytes(4 * n)
	measure(b, k, d)
}

func measure(b *testing.B, k *Kernel, d *Dispatch) {
	if err := k.Run(context.Background(), d); err != nil {
		b.Fatal(err)
	}
	c0 := cpuTime()
	n := 0
	for b.Loop() {
		if err := k.Run(context.Background(), d); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(cpuTime()-c0)/float64(n), "cpu-ns/op")
}
