package kspec

import (
	"strings"
	"testing"
)

const imageSample = `//! kernel blur
//! global 8,4
//! arg image2d<rgba,unorm8> 8x4 random
//! arg image3d<r,float> 4x2x3 random(0,1)
//! arg image2d_array<rg,int16> 2x3x4 iota
//! arg image1d_buffer<bgra,uint8> 16 [1,2,3,4]
//! arg image1d_array<r,half> 5x2 out
//! arg sampler normalized,clamp_to_edge,linear
//! arg sampler unnormalized,none,nearest
//! arg buffer<float> 4 zero
kernel void blur() {}
`

func TestParseImages(t *testing.T) {
	s, err := Parse("img.cl", imageSample)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		mem             uint32
		order, dtype    uint32
		w, h, d, arr, n uint64
		typ             string
		norm            bool
	}{
		{Image2D, 0x10B5, 0x10D2, 8, 4, 0, 0, 32, "uchar4", true},
		{Image3D, 0x10B0, 0x10DE, 4, 2, 3, 0, 24, "float", false},
		{Image2DArray, 0x10B2, 0x10D8, 2, 3, 0, 4, 24, "short2", false},
		{Image1DBuffer, 0x10B6, 0x10DA, 16, 0, 0, 0, 16, "uchar4", false},
		{Image1DArray, 0x10B0, 0x10DD, 5, 0, 0, 2, 10, "half", false},
	}
	for i, w := range want {
		a := s.Args[i]
		im := a.Image
		if a.Kind != ArgImage || im == nil || im.MemType != w.mem || im.Order != w.order || im.DataType != w.dtype ||
			im.Width != w.w || im.Height != w.h || im.Depth != w.d || im.ArraySize != w.arr || a.N != w.n ||
			a.Type.String() != w.typ || im.Normalized != w.norm {
			t.Errorf("arg %d: %+v image %+v", i, a, im)
		}
	}
	if sm := s.Args[5].Sampler; s.Args[5].Kind != ArgSampler || !sm.Normalized || sm.Addressing != 0x1131 || sm.Filter != 0x1141 {
		t.Errorf("sampler 5: %+v", sm)
	}
	if sm := s.Args[6].Sampler; sm.Normalized || sm.Addressing != 0x1130 || sm.Filter != 0x1140 {
		t.Errorf("sampler 6: %+v", sm)
	}
	// Pixels come from the buffer generators: bytes of argument 0 equal a
	// uchar4 buffer's of the same stream, the 1D buffer image repeats its
	// values, out images are 0xA5.
	buf, err := Parse("b.cl", "//! kernel k\n//! global 1\n//! arg buffer<uchar4> 32 random\n")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Data(0), buf.Data(0); string(got) != string(want) || len(got) != 128 {
		t.Errorf("image pixels %d bytes differ from the buffer's %d", len(got), len(want))
	}
	if d := s.Data(3); len(d) != 64 || d[4] != 1 || d[7] != 4 {
		t.Errorf("1D buffer image data % x", d[:8])
	}
	if d := s.Data(4); len(d) != 20 || d[0] != 0xA5 {
		t.Errorf("out image data % x", d)
	}
	if s.Data(5) != nil {
		t.Error("a sampler has data")
	}
}

func TestCompareNormalizedImage(t *testing.T) {
	s, err := Parse("img.cl", imageSample)
	if err != nil {
		t.Fatal(err)
	}
	want := s.Data(0)
	got := append([]byte(nil), want...)
	got[5] += 1 // one step of unorm8 rounding: equal
	if r := s.Compare(0, want, got); r.Mismatches != 0 {
		t.Errorf("a difference of 1 in a unorm8 channel: %s", r)
	}
	got[9] += 2
	if r := s.Compare(0, want, got); r.Mismatches != 1 || r.OK || !strings.Contains(r.String(), "[2.y]") {
		t.Errorf("a difference of 2: %s", r)
	}
	// Integer images compare exactly.
	w2 := s.Data(2)
	g2 := append([]byte(nil), w2...)
	g2[0]++
	if r := s.Compare(2, w2, g2); r.Mismatches != 1 {
		t.Errorf("int16 image: %s", r)
	}
}

func TestParseImageErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"arg image2d<rgba,unorm8> 8 random", "wants 2 sizes"},
		{"arg image2d<rgba,unorm8> 8x0 random", "bad image size"},
		{"arg image2d<rgba> 8x8 random", "want image2d<ORDER,TYPE>"},
		{"arg image2d<rgbx,unorm8> 8x8 random", "unknown channel order"},
		{"arg image2d<rgba,unorm9> 8x8 random", "unknown channel type"},
		{"arg image3d<r,float> 8x8x8", "want: image3d"},
		{"arg image2d<r,float> 8x8 sometimes", "unknown init"},
		{"arg sampler normalized,clamp", "want: sampler"},
		{"arg sampler yes,clamp,nearest", "sampler coordinates"},
		{"arg sampler normalized,wrap,nearest", "sampler addressing"},
		{"arg sampler normalized,clamp,cubic", "sampler filter"},
	} {
		_, err := Parse("e.cl", "//! kernel k\n//! global 1\n//! "+tc.line+"\n")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "e.cl:3: arg: ") {
			t.Errorf("%q: %v, want %q", tc.line, err, tc.want)
		}
	}
}
