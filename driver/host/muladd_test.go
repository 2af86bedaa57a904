package host_test

import (
	"encoding/binary"
	"math"
	"testing"
)

// Products used once by a sum or difference round twice, as the two
// instructions do (a fused path once did this; the results must stay):
// hoisted and in place, a uniform factor on either side, the product on
// either side, a uniform addend, vectors, a divergent mask, and (FAULT 1) a prologue that faults in
// every group, which runs everything in place, all rounded twice as the
// two instructions are.
func TestFusedMultiplyAdd(t *testing.T) {
	const src = `kernel void mad(global const float *a, global const float *b, global float *out, int n) {
  int i = get_global_id(0);
  float s = (float)n * 0.37f;
  float r = a[i] + s * b[i];
  float q = b[i] * a[i] + a[i];
  float h = a[i] * b[i] + 0.25f;
  float g = s * b[i] + 2.5f;
  float e = a[i] * b[i] - s;
  float u = a[i] - s * b[i];
  float z = a[i] * a[i] - b[i] * b[i];
  float4 v = (float4)(a[i], b[i], 1.5f, -2.0f) * (float4)(b[i]) + (float4)(a[i]);
  float acc = 0.0f;
  for (int k = 0; k < (i % 4); k++)
    acc = acc + a[(i + k) % 64] * s;
#if FAULT
  if (n > 1000)
    r += a[i + (1 << 22)];
#endif
  out[i] = r + q * 3.0f + v.x + v.y + v.z + v.w + acc + h * g + e * 0.5f + u * 0.75f + z;
}`
	const global = 64
	av, bv := make([]float32, global), make([]float32, global)
	for i := range av {
		av[i], bv[i] = float32(i)*1.1-7.3, float32(i*i%17)*0.7-3.1
	}
	for _, fault := range []string{"0", "1"} {
		for _, n := range []int32{3, 2000} {
			out := make([]byte, 4*global)
			err := compileRun(t, "#define FAULT "+fault+"\n"+src, "mad", global, 16, n, f32bytes(av), f32bytes(bv), out)
			if fault == "1" && n > 1000 {
				if err == nil {
					t.Fatal("n 2000: the out-of-bounds load ran without an error")
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range global {
				a, b := av[i], bv[i]
				// Explicit conversions round each step (Go may fuse x*y+z otherwise).
				s := float32(float32(n) * 0.37)
				r := float32(a + float32(s*b))
				q := float32(float32(b*a) + a)
				v := [4]float32{float32(float32(a*b) + a), float32(float32(b*b) + a), float32(float32(1.5*b) + a), float32(float32(-2*b) + a)}
				acc := float32(0)
				for k := range i % 4 {
					acc = float32(acc + float32(av[(i+k)%64]*s))
				}
				want := float32(float32(float32(float32(float32(r+float32(q*3))+v[0])+v[1])+v[2])+v[3]) + acc
				h := float32(float32(a*b) + 0.25)
				g := float32(float32(s*b) + 2.5)
				want = float32(want + float32(h*g))
				e := float32(float32(a*b) - s)
				u := float32(a - float32(s*b))
				z := float32(float32(a*a) - float32(b*b))
				want = float32(float32(float32(want+float32(e*0.5))+float32(u*0.75)) + z)
				got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:]))
				if got != want {
					t.Fatalf("FAULT %s, n %d: out[%d] = %v, want %v", fault, n, i, got, want)
				}
			}
		}
	}
}

func f32bytes(v []float32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// A difference that is itself a fused sum (b - k*c, its product computed
// by it) read by a product that a sum fuses with (d + a*(b - k*c)): the
// outer sum must not compute the difference from the inner product's
// rows, which nothing writes. OpenMM's cutoff-periodic nonbonded kernel
// (prefactor*(invR - 2*krf*r2) added to tempForce) got forces off by
// 1e-2 and more. Work-groups of one lane (OpenMM's CPU kernels) and of 16.
func TestFusedDifferenceOfFusedProduct(t *testing.T) {
	const src = `kernel void nested(global const float *a, global const float *b, global const float *c, global const float *d, global float *out, int n) {
  int i = get_global_id(0);
  float r = b[i] - 0.980964482f * c[i];
  float q = d[i] + a[i] * r;
  float u = c[i] * 0.490482241f - b[i];
  out[i] = q - u * a[i];
}`
	const global = 64
	av, bv, cv, dv := make([]float32, global), make([]float32, global), make([]float32, global), make([]float32, global)
	for i := range av {
		av[i], bv[i] = float32(i)*1.1-7.3, float32(i*i%17)*0.7-3.1
		cv[i], dv[i] = float32(i%13)*0.37+0.5, float32(i%5)*2.5-4
	}
	for _, local := range []uint64{1, 16} {
		out := make([]byte, 4*global)
		if err := compileRun(t, src, "nested", global, local, 0, f32bytes(av), f32bytes(bv), f32bytes(cv), f32bytes(dv), out); err != nil {
			t.Fatal(err)
		}
		for i := range global {
			a, b, c, d := av[i], bv[i], cv[i], dv[i]
			// Explicit conversions round each step, as the kernel does.
			r := float32(b - float32(0.980964482*c))
			q := float32(d + float32(a*r))
			u := float32(float32(c*0.490482241) - b)
			want := float32(q - float32(u*a))
			got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:]))
			if got != want {
				t.Fatalf("local size %d: out[%d] = %v, want %v", local, i, got, want)
			}
		}
	}
}
