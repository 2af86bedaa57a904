package ulp

import (
	"context"
	"fmt"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/compiler"
)

// compileFor compiles src with d's features, fma fused or not: what the
// runtime would build, except for the FmaFused choice.
func compileFor(d *cl.Device, fused bool) func(src string) ([]byte, error) {
	return func(src string) ([]byte, error) {
		c := d.Driver().Info().Caps
		opts := compiler.DefaultOptions()
		opts.Features = compiler.Features{
			Int8: c.Int8, Int16: c.Int16, Int64: c.Int64, Float16: c.Float16, Float64: c.Float64,
			Storage8: c.Int8, Storage16: c.Int16,
			SignedZeroInfNanPreserve: c.SignedZeroInfNanPreserve,
			DenormPreserve32:         c.DenormPreserve32, DenormPreserve64: c.DenormPreserve64,
			FmaFused: fused,
		}
		res, err := compiler.Compile(src, opts)
		if err != nil {
			return nil, err
		}
		return res.SPIRV, nil
	}
}

// TestFmaLibrary checks the library's software fma (float and double) on
// every device, also where the runtime would pick the device's fused Fma
// (the host driver), with the fma edge cases of MakeInputs.
func TestFmaLibrary(t *testing.T) {
	f := Lookup("fma")
	for _, d := range testDevices(t) {
		s, err := NewSession(d)
		if err != nil {
			t.Fatal(err)
		}
		s.Compile = compileFor(d, false)
		for _, p := range []Prec{F32, F64} {
			if p == F64 && !s.HasDouble() {
				continue
			}
			r := s.Check(f, p, MakeInputs(f, p, SampleInputs, 1), Widths)
			if !r.OK() {
				t.Errorf("%s %s: err %v, worst %.3g ulp, %d over, %d edge failures: %v %v",
					d.DriverName(), p, r.Err, r.MaxULP, r.NFail, r.NEdgeFail, r.Fails, r.EdgeFails)
			}
		}
		s.Close()
	}
}

// BenchmarkFma times 64 dependent fmas per work-item, GLSL.std.450 Fma
// ("glsl": fused on the host driver, not on lavapipe) against the
// library's software fma ("library"); ns/fma is per fma and work-item.
func BenchmarkFma(b *testing.B) {
	const src = `#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void k(global T *x, T a, T c) {
	size_t i = get_global_id(0);
	T v = x[i];
	for (int j = 0; j < 64; j++) {
		v = fma(v, a, c);
	}
	x[i] = v;
}`
	for _, d := range testDevices(b) {
		s, err := NewSession(d)
		if err != nil {
			b.Fatal(err)
		}
		n := 1 << 16
		if d.DriverName() == "vulkan" {
			n = 1 << 20
		}
		for _, p := range []Prec{F32, F64} {
			for _, fused := range []bool{true, false} {
				kind := map[bool]string{true: "glsl", false: "library"}[fused]
				b.Run(fmt.Sprintf("%s/%s/%s", d.DriverName(), p, kind), func(b *testing.B) {
					spv, err := compileFor(d, fused)("#define T " + p.String() + "\n" + src)
					if err != nil {
						b.Fatal(err)
					}
					benchFma(b, s, spv, p, n)
				})
			}
		}
		s.Close()
	}
}

func benchFma(b *testing.B, s *Session, spv []byte, p Prec, n int) {
	prog, err := s.ctx.CreateProgramWithIL(spv)
	if err != nil {
		b.Fatal(err)
	}
	defer prog.Release()
	if err := prog.Build(""); err != nil {
		b.Fatal(err)
	}
	k, err := prog.CreateKernel("k")
	if err != nil {
		b.Fatal(err)
	}
	defer k.Release()
	var buf *cl.Buffer
	var a, c any
	if p == F64 {
		buf, err = cl.CreateBufferFrom(s.ctx, 0, make([]float64, n))
		a, c = 0.999, 1.0
	} else {
		buf, err = cl.CreateBufferFrom(s.ctx, 0, make([]float32, n))
		a, c = float32(0.999), float32(1)
	}
	if err != nil {
		b.Fatal(err)
	}
	defer buf.Release()
	if err := k.SetArgs(buf, a, c); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	run := func() {
		ev, err := s.q.Run(ctx, k, cl.NDRange{Global: []uint64{uint64(n)}})
		if err == nil {
			err = ev.Wait(ctx)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	run() // warm up: compile on the device
	b.ResetTimer()
	for range b.N {
		run()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*64), "ns/fma")
}
