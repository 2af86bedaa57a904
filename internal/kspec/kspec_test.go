package kspec

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `//! kernel k
//! global 64,2
//! local 8,2
//! arg buffer<float> 128 random(5,30)
//! arg buffer<int4> 16 random(-3,3)
//! arg buffer<uchar> 100 iota
//! arg buffer<float3> 4 [1,2,3]
//! arg local<float4> 8
//! arg float 0.5
//! arg int2 (3,-4)
//! arg buffer<uint> 4 out
//! tolerance 1e-4
//! mismatch 0.01
//! options -DX=1 -cl-fast-relaxed-math
kernel void k() {}
`

func TestParse(t *testing.T) {
	s, err := Parse("a.cl", sample)
	if err != nil {
		t.Fatal(err)
	}
	if s.Kernel != "k" || len(s.Global) != 2 || s.Global[1] != 2 || s.Local[0] != 8 || len(s.Args) != 8 {
		t.Fatalf("bad spec %+v", s)
	}
	if s.Tolerance != 1e-4 || s.Mismatch != 0.01 || s.Options != "-DX=1 -cl-fast-relaxed-math" {
		t.Fatalf("bad spec %+v", s)
	}
	if a := s.Args[1]; a.Type.String() != "int4" || a.Bytes() != 16*16 || !a.HasRange {
		t.Fatalf("arg 1: %+v", a)
	}
	if a := s.Args[3]; a.Type.ElemSize() != 16 || a.Bytes() != 64 {
		t.Fatalf("float3: %+v", a)
	}
	if a := s.Args[4]; a.Kind != ArgLocal || a.Bytes() != 128 {
		t.Fatalf("local: %+v", a)
	}
}

func TestData(t *testing.T) {
	s, err := Parse("a.cl", sample)
	if err != nil {
		t.Fatal(err)
	}
	f := s.Data(0)
	for j := 0; j < len(f); j += 4 {
		v := math.Float32frombits(binary.LittleEndian.Uint32(f[j:]))
		if v < 5 || v > 30 {
			t.Fatalf("float %v out of range", v)
		}
	}
	// Deterministic: the same again.
	if string(s.Data(0)) != string(f) {
		t.Fatal("not deterministic")
	}
	for j := 0; j < 16*16; j += 4 {
		v := int32(binary.LittleEndian.Uint32(s.Data(1)[j:]))
		if v < -3 || v > 3 {
			t.Fatalf("int %d out of range", v)
		}
	}
	if d := s.Data(2); d[0] != 0 || d[99] != 99 {
		t.Fatalf("iota: %v", d)
	}
	d := s.Data(3)
	if math.Float32frombits(binary.LittleEndian.Uint32(d[16+8:])) != 3 || binary.LittleEndian.Uint32(d[12:]) != 0 {
		t.Fatalf("values: %v", d)
	}
	if s.Data(4) != nil {
		t.Fatal("local has data")
	}
	if d := s.Data(5); math.Float32frombits(binary.LittleEndian.Uint32(d)) != 0.5 {
		t.Fatalf("scalar: %v", d)
	}
	if d := s.Data(6); int32(binary.LittleEndian.Uint32(d[4:])) != -4 {
		t.Fatalf("int2: %v", d)
	}
	if d := s.Data(7); d[0] != 0xA5 {
		t.Fatalf("out: %v", d)
	}
}

// TestGenerator pins the generator: these numbers are part of the format.
func TestGenerator(t *testing.T) {
	r := NewRand(0)
	if got := r.Uint64(); got != 0xe220a8397b1dcdaf {
		t.Fatalf("splitmix64(0) = %#x", got)
	}
	s, _ := Parse("a.cl", "//! kernel k\n//! global 1\n//! arg buffer<float> 2 random\n")
	got := math.Float32frombits(binary.LittleEndian.Uint32(s.Data(0)))
	want := float32(uint64(0xe220a8397b1dcdaf)>>40) / (1 << 24)
	if got != want {
		t.Fatalf("first float %v, want %v", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"//! kernel k\n//! global 0\n", "f.cl:2: global: bad size"},
		{"//! kernel k\n//! global 4\n//! arg buffer<flot> 4 zero\n", "f.cl:3: arg: unknown type"},
		{"//! kernel k\n//! global 4\n//! arg buffer<float> 4 rand\n", "f.cl:3: arg: unknown init"},
		{"//! kernel k\n//! global 4\n//! arg buffer<int> 4 random(5,1)\n", "f.cl:3: arg: bad range"},
		{"//! kernel k\n//! global 4\n//! arg uchar 300\n", "f.cl:3: arg: bad uchar value"},
		{"//! kernel k\n//! global 4\n//! frobnicate\n", "f.cl:3: unknown directive"},
		{"//! kernel k\n//! global 4\n//! tolerance x\n", "f.cl:3: tolerance: bad value"},
		{"//! kernel k\n//! kernel j\n", "f.cl:2: duplicate"},
		{"//! global 4\n", "f.cl:1: no //! kernel"},
		{"//! kernel k\n//! global 4,4\n//! local 2\n", "local has 1 dimensions"},
		{"//! kernel k\n//! global 4\n//! arg float4 1,2\n", "f.cl:3: arg: float4 wants 1 or 4 values"},
	} {
		_, err := Parse("f.cl", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

func f32(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func TestCompare(t *testing.T) {
	s, _ := Parse("a.cl", "//! kernel k\n//! global 4\n//! arg buffer<float> 4 out\n//! arg buffer<int> 2 out\n//! tolerance 1e-3\n")
	nan := float32(math.NaN())
	r := s.Compare(0, f32(1, 1000, nan, 0), f32(1.0005, 1000.9, nan, 0.0009))
	if r.Mismatches != 0 || !r.OK {
		t.Fatalf("within tolerance: %v", r)
	}
	r = s.Compare(0, f32(1, 1000, nan, 0), f32(1.002, 1000, 0, nan))
	if r.Mismatches != 3 || r.OK || r.First[0].Index != 0 || r.First[1].Index != 2 {
		t.Fatalf("mismatches: %v", r)
	}
	if !strings.Contains(r.String(), "[0] want 1, got 1.00") {
		t.Fatalf("report: %s", r)
	}
	r = s.Compare(1, []byte{1, 0, 0, 0, 2, 0, 0, 0}, []byte{1, 0, 0, 0, 3, 0, 0, 0})
	if r.Mismatches != 1 || r.First[0].Want != "2" {
		t.Fatalf("ints: %v", r)
	}
	s.Mismatch = 0.5
	if r := s.Compare(1, []byte{1, 0, 0, 0, 2, 0, 0, 0}, []byte{1, 0, 0, 0, 3, 0, 0, 0}); !r.OK {
		t.Fatalf("mismatch allowance: %v", r)
	}
}

func TestFloat16(t *testing.T) {
	for _, c := range []struct {
		f float32
		h uint16
	}{{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {1e6, 0x7c00}, {5.960464477539063e-08, 1}, {0.333333333, 0x3555}} {
		if got := Float16(c.f); got != c.h {
			t.Errorf("Float16(%v) = %#x, want %#x", c.f, got, c.h)
		}
		if c.h != 0x7c00 {
			if back := Float16To32(c.h); math.Abs(float64(back-c.f)) > 1e-3*math.Abs(float64(c.f)) {
				t.Errorf("Float16To32(%#x) = %v", c.h, back)
			}
		}
	}
}

func TestScaled(t *testing.T) {
	s, _ := Parse("a.cl", "//! kernel k\n//! global 1024\n//! local 256\n//! arg buffer<uint> 1024 random\n//! arg buffer<uint> 4 out\n//! arg buffer<uint> 100 zero\n//! arg local<uint> 256\n")
	c := s.Scaled(8)
	if c.Global[0] != 8192 || c.Args[0].N != 8192 || c.Args[1].N != 32 || c.Args[2].N != 100 || c.Args[3].N != 256 || s.Args[0].N != 1024 {
		t.Fatalf("scaled: %+v", c)
	}
	if s.ScaleStep() != 2 {
		t.Fatalf("step %d", s.ScaleStep())
	}
}

// TestScaledSizeArgs: scalars equal to a growing dimension grow with it,
// and tied dimensions grow together.
func TestScaledSizeArgs(t *testing.T) {
	for _, c := range []struct {
		spec   string
		f      uint64
		global string
		args   []string // scalar values after scaling
		n      uint64   // first buffer's N
		step   uint64
	}{
		// stencil2d: w == h == both dimensions.
		{"//! global 1024,1024\n//! arg buffer<float> 1048576 random\n//! arg int 1024\n//! arg int 1024\n", 16, "4096,4096", []string{"4096", "4096"}, 16 << 20, 4},
		// An untied 2-D size: only the last dimension and its scalar.
		{"//! global 1024,768\n//! arg buffer<float> 786432 random\n//! arg int 1024\n//! arg int 768\n", 4, "1024,3072", []string{"1024", "3072"}, 4 * 786432, 2},
		// Square but sized from get_global_size: no scalar, last only.
		{"//! global 512,512\n//! arg buffer<float> 262144 out\n//! arg uint 7\n", 4, "512,2048", []string{"7"}, 4 * 262144, 2},
		// 1-D with n == global.
		{"//! global 4096\n//! arg buffer<float> 4096 random\n//! arg uint 4096\n//! arg float 4096\n", 8, "32768", []string{"32768", "4096"}, 32768, 2},
		// A factor that is not a power of the step rounds the root down.
		{"//! global 64,64\n//! arg buffer<float> 4096 random\n//! arg int 64\n", 8, "128,128", []string{"128"}, 4 * 4096, 4},
	} {
		s, err := Parse("a.cl", "//! kernel k\n"+c.spec)
		if err != nil {
			t.Fatal(err)
		}
		sc := s.Scaled(c.f)
		var got []string
		for _, a := range sc.Args {
			if a.Kind == ArgScalar {
				got = append(got, a.Value[0])
			}
		}
		g := fmt.Sprint(sc.Global)
		want := "[" + strings.ReplaceAll(c.global, ",", " ") + "]"
		if g != want || fmt.Sprint(got) != fmt.Sprint(c.args) || sc.Args[0].N != c.n || s.ScaleStep() != c.step {
			t.Errorf("%q ×%d: global %s args %v N %d step %d; want %s %v %d %d", c.spec, c.f, g, got, sc.Args[0].N, s.ScaleStep(), want, c.args, c.n, c.step)
		}
		if s.Args[0].N == sc.Args[0].N && c.f > 1 {
			t.Errorf("the original spec changed")
		}
	}
}

func TestRoot(t *testing.T) {
	for _, c := range [][3]uint64{{16, 2, 4}, {15, 2, 3}, {8, 3, 2}, {1 << 62, 2, 1 << 31}, {^uint64(0), 2, 1<<32 - 1}, {0, 2, 1}, {7, 1, 7}} {
		if r := root(c[0], int(c[1])); r != c[2] {
			t.Errorf("root(%d, %d) = %d, want %d", c[0], c[1], r, c[2])
		}
	}
}

func TestSharedKernels(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(f, string(src))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for i := range s.Args {
			s.Data(i)
		}
	}
}

func TestFormat(t *testing.T) {
	ty, _ := ParseType("int2")
	b := []byte{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0, 4, 0, 0, 0}
	if got := Format(ty, b, 5); got != "(1,-1) (3,4)" {
		t.Fatalf("Format: %q", got)
	}
}

// TestScaledImages: an image that covers the grid ties its dimensions, so
// both grow (by 2 for a factor of 4) and images whose extents match grow
// with them; an image of another size (a resize's source) keeps its size.
func TestScaledImages(t *testing.T) {
	s, err := Parse("a.cl", "//! kernel k\n//! global 21,14\n//! arg image2d<rgba,unorm8> 13x9 random\n//! arg image2d<rgba,float> 21x14 out\n//! arg image3d<r,float> 21x14x2 random\n//! arg image2d_array<r,float> 21x3x14 random\n")
	if err != nil {
		t.Fatal(err)
	}
	c := s.Scaled(4)
	type ext struct{ w, h, d, a, n uint64 }
	got := func(i int) ext {
		im := c.Args[i].Image
		return ext{im.Width, im.Height, im.Depth, im.ArraySize, c.Args[i].N}
	}
	for i, want := range []ext{{13, 9, 0, 0, 117}, {42, 28, 0, 0, 42 * 28}, {42, 28, 2, 0, 42 * 28 * 2}, {42, 3, 0, 14, 42 * 3 * 14}} {
		if g := got(i); g != want {
			t.Errorf("arg %d: got %+v, want %+v", i, g, want)
		}
	}
	if im := s.Args[1].Image; im.Height != 14 || s.Args[1].N != 21*14 {
		t.Errorf("Scaled changed the original: %+v", im)
	}
	if s.ScaleStep() != 4 {
		t.Errorf("step %d, want 4", s.ScaleStep())
	}
	// 1-D: the image grows with the one dimension.
	s, err = Parse("a.cl", "//! kernel k\n//! global 64\n//! arg image1d<r,float> 64 random\n")
	if err != nil {
		t.Fatal(err)
	}
	if c := s.Scaled(8); c.Args[0].Image.Width != 512 || c.Args[0].N != 512 {
		t.Errorf("1-D: %+v, N %d", c.Args[0].Image, c.Args[0].N)
	}
}
