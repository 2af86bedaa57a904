package host

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestLeftoverTiers runs testdata/geometric.comp (GLSL.std.450's vector
// instructions in float and double, built-ins indexed by a variable) on
// the Go executor, the lane tier and native code: every output byte must
// agree, and the kernel must run on each tier rather than fall back.
func TestLeftoverTiers(t *testing.T) {
	const n = 64
	rng := rand.New(rand.NewSource(7))
	src, srcd := make([]float32, 10*n), make([]float64, 10*n)
	for i := range src {
		v := rng.Float64()*4 - 2
		switch {
		case i%10 == 9: // eta: refract's k is negative for some lanes
			v = rng.Float64() * 3
		case i/10%8 == 0 && i%10 < 3: // a zero vector: normalize gives NaNs
			v = 0
		}
		src[i], srcd[i] = float32(v), v
	}
	f64s := func(v []float64) []byte {
		b := make([]byte, 8*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
		}
		return b
	}
	var want [][]byte
	for _, tier := range []string{"lanes", "native"} {
		t.Run(tier, func(t *testing.T) {
			setTierIn(t, tier)
			k := prepare(t, glsl(t, "geometric.comp"), "main", nil)
			bufs := [][]byte{f32s(src), make([]byte, 4*16*n), f64s(srcd), make([]byte, 8*16*n), make([]byte, 4*4*n)}
			run(t, k, [3]int{1, 2, 1}, nil, bufs...)
			switch {
			case tier == "lanes" && k.OnNative():
				t.Fatalf("native code on the lane tier")
			case tier == "native" && NativeOK() && !k.OnNative():
				t.Fatalf("not native code")
			}
			if want == nil {
				want = bufs
				return
			}
			for i := range bufs {
				if !bytes.Equal(bufs[i], want[i]) {
					for j := range bufs[i] {
						if bufs[i][j] != want[i][j] {
							t.Errorf("buffer %d: byte %d: %#x, Go executor %#x", i, j, bufs[i][j], want[i][j])
							break
						}
					}
				}
			}
		})
	}
}

// TestPhysicalTierErrors: accesses through PhysicalStorageBuffer pointers
// outside every buffer fail with the same error on the Go executor and in
// native code, word for word (testdata/physical.spvasm's poke, on one device
// and one buffer, so that the addresses agree).
func TestPhysicalTierErrors(t *testing.T) {
	dev, p, q := physical(t)
	b := newBuf(t, dev, make([]byte, 64))
	cases := [][]driver.Arg{
		{ptrArg(b, 0), podArg(62)},
		{ptrArg(b, 32), podArg(0xfffffff0)},
		{{Kind: driver.ArgBuffer}, podArg(0)},
		{ptrArg(b, 0), podArg(60)},
	}
	want := make([]string, len(cases))
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		for i, args := range cases {
			k, err := p.Kernel("poke")
			if err != nil {
				t.Fatal(err)
			}
			ev, err := q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1}), nil)
			if err == nil {
				err = ev.Wait(context.Background())
			}
			got := fmt.Sprint(err)
			if on, why := TierOf(k); on != (tier == "native" && NativeOK()) {
				t.Fatalf("%s: case %d: native code: %v (%v)", tier, i, on, why)
			}
			if tier == "lanes" {
				want[i] = got
				continue
			}
			if got != want[i] {
				t.Errorf("case %d: native: %s\nlanes: %s", i, got, want[i])
			}
		}
	}
	if !strings.Contains(want[0], "OpStore: out-of-bounds access of 4 bytes at offset 62 of the buffer at physical address") ||
		!strings.Contains(want[1], "in no buffer") || !strings.Contains(want[2], "physical address 0x0, in no buffer") || want[3] != "<nil>" {
		t.Errorf("the Go executor's results: %q", want)
	}
}

// TestFloatAtomicTiers runs testdata/floatatomic.comp (float atomics on
// buffers and Workgroup memory) on the Go executor and the lane tier:
// every byte must agree. Native code calls float atomics out to the
// lane tier's Go code.
func TestFloatAtomicTiers(t *testing.T) {
	src := make([]float32, 64)
	rng := rand.New(rand.NewSource(3))
	for i := range src {
		src[i] = float32(rng.NormFloat64() * 100)
	}
	nan := float32(math.NaN())
	src[5], src[17], src[30], src[31] = nan, float32(math.Copysign(0, -1)), 0, nan
	src[40] = float32(math.Inf(-1))
	acc := make([]float32, 16)
	for i := range 4 {
		acc[4+i], acc[8+i] = 1e30, -1e30
	}
	accd := make([]float64, 6)
	accd[2], accd[3], accd[4], accd[5] = 1e300, 1e300, -1e300, -1e300
	var want [][]byte
	for _, tier := range []string{"lanes", "native"} {
		t.Run(tier, func(t *testing.T) {
			setTierIn(t, tier)
			k := prepare(t, glsl(t, "floatatomic.comp"), "main", nil)
			d := make([]byte, 8*len(accd))
			for i, v := range accd {
				binary.LittleEndian.PutUint64(d[8*i:], math.Float64bits(v))
			}
			bufs := [][]byte{f32s(src), f32s(acc), d, make([]byte, 4*4*64)}
			run(t, k, [3]int{1, 1, 1}, nil, bufs...)
			if k.OnNative() != (tier == "native" && NativeOK()) {
				t.Fatalf("%s: native %v", tier, k.OnNative())
			}
			if want == nil {
				want = bufs
				return
			}
			for i := range bufs {
				for j := range bufs[i] {
					if bufs[i][j] != want[i][j] {
						t.Errorf("buffer %d: byte %d: %#x, Go executor %#x", i, j, bufs[i][j], want[i][j])
						break
					}
				}
			}
		})
	}
}

// TestBuiltinIndexTierErrors: a built-in or a private array indexed past
// its end fails on the Go executor and in native code with the same
// error (the built-in is memory on every tier), and in range gives the
// same results.
func TestBuiltinIndexTierErrors(t *testing.T) {
	ok := []uint32{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0}
	okE := []uint32{0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0}
	for _, c := range []struct{ idx, e []uint32 }{
		{ok, okE},
		{[]uint32{0, 1, 2, 0, 1, 2, 0, 3, 2, 0, 1, 2, 0, 1, 2, 0}, okE},
		{[]uint32{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 0x40000000, 0}, okE},
		{ok, []uint32{0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 0}},
	} {
		idx := c.idx
		var want string
		var wantOut []byte
		for _, tier := range []string{"lanes", "native"} {
			setTierIn(t, tier)
			k := prepare(t, glsl(t, "builtin_oob.comp"), "main", nil)
			out := make([]byte, 4*32)
			err := fmt.Sprint(k.Run(context.Background(), dispatch([3]int{2, 1, 1}, nil, u32s(idx), out, u32s(c.e))))
			if tier == "lanes" {
				want, wantOut = err, out
				continue
			}
			if err != want || want == "<nil>" && !bytes.Equal(out, wantOut) {
				t.Errorf("index %v: %s: %s\nGo executor: %s", idx, tier, err, want)
			}
		}
		t.Logf("index %v, %v: %s", idx, c.e, want)
	}
}
