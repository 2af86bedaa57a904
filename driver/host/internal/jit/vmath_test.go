package jit

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// vmathInputs are float32 operands for the transcendental functions: the
// special values, the edges of exp's and log's ranges, values near
// multiples of pi/2, the reduction's switch to all pieces of 2/pi, and
// random bit patterns and moderate values.
func vmathInputs(rng *rand.Rand, n int) []float32 {
	xs := append([]float32{}, specialF32...)
	xs = append(xs, 88.72283, 88.72284, -87.33654, -103.97208, -103.97209, -149.5, -150, -150.0001,
		127.99999, 128, 129, -126, -149, 1.5707964, 3.1415927, 6.2831855, 0x1p19, -0x1p19,
		0x1.fffffep18, 0x1p24, 0x1p60, 0x1p100, 1e30, 0x1.99bc5cp+27, 0x1.5f7d68p+84,
		0.70710677, 1.4142135, 1.4142137, 1e-38, 1e-30, -1e-30, 100, -120, 130, -160)
	for len(xs) < n {
		switch rng.IntN(4) {
		case 0, 1:
			xs = append(xs, math.Float32frombits(rng.Uint32()))
		case 2:
			xs = append(xs, float32(rng.Float64()*200-100))
		default: // near k*pi/2
			k := float64(rng.IntN(1 << 20))
			x := float32(k * math.Pi / 2)
			xs = append(xs, math.Float32frombits(math.Float32bits(x)+uint32(rng.IntN(5))-2))
		}
	}
	return xs[:n]
}

// TestVMath compiles Sin, Cos, Exp, Exp2, Log and Log2 on F32 to vector
// code (no call-out) and compares it with the Go executor (package
// fmath) bit for bit over many operands, Varying and Uniform.
func TestVMath(t *testing.T) {
	needAMD64(t)
	rng := rand.New(rand.NewPCG(3, 4))
	const local = 1021 // the last chunk has 5 lanes
	fns := map[spirv.GLSLstd450]func(float64) float64{spirv.GLSLstd450Sin: fmath.Sin, spirv.GLSLstd450Cos: fmath.Cos,
		spirv.GLSLstd450Exp: fmath.Exp, spirv.GLSLstd450Exp2: fmath.Exp2, spirv.GLSLstd450Log: fmath.Log, spirv.GLSLstd450Log2: fmath.Log2}
	for num, fn := range fns {
		c := f32(lanes.Math, 1).with(int64(num))
		c.argK[0] = lanes.F32
		for uni := range 2 {
			p := buildOpProg(c, uni, local)
			k, err := Compile(p)
			if err != nil {
				t.Fatalf("%v: %v", num, err)
			}
			if len(k.CallOps()) != 0 {
				t.Fatalf("%v: call-outs %v", num, k.CallOps())
			}
			rounds := 40
			if uni == 1 {
				rounds = 200
			}
			bad := 0
			for range rounds {
				in := make([]byte, 4*local)
				for l, x := range vmathInputs(rng, local) {
					binary.LittleEndian.PutUint32(in[4*l:], math.Float32bits(x))
				}
				mem := [][]byte{in, nil, nil, make([]byte, 4*local)}
				gm, nm, gt, nt := runBoth(t, p, mem, 1)
				if gt != nil || nt != nil {
					t.Fatalf("%v: traps: go %+v native %+v", num, gt, nt)
				}
				for l := range local {
					g, n := gm[3][4*l:4*l+4], nm[3][4*l:4*l+4]
					if x := math.Float32frombits(binary.LittleEndian.Uint32(in[4*l:])); uni == 0 &&
						binary.LittleEndian.Uint32(g) != math.Float32bits(float32(fn(float64(x)))) {
						t.Fatalf("%v(%g): the Go executor's %x is not fmath's", num, x, g)
					}
					if string(g) != string(n) {
						s := 4 * l
						if uni == 1 {
							s = 0
						}
						if bad++; bad <= 5 {
							t.Errorf("%v(%#08x) uni=%d: go %x, native %x", num, binary.LittleEndian.Uint32(in[s:]), uni, g, n)
						}
					}
				}
			}
		}
	}
}
