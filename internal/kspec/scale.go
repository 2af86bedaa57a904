package kspec

import (
	"math/bits"
	"strconv"
)

// Scaling for benchmarks: see "Scaling" in the package comment.

// scaledDims returns the global dimensions that Scaled grows: the last one,
// and, when an integer scalar argument equals the last one's size, every
// dimension of that size too. Such a scalar describes the size (a width, a
// row length, a matrix order); with several dimensions of that size nothing
// tells which one it describes, so they all grow by the same factor and the
// scalar with them. An image that covers the grid ties all its dimensions.
func (s *Spec) scaledDims() []int {
	last := len(s.Global) - 1
	v := s.Global[last]
	tied := false
	for i := range s.Args {
		if x, ok := s.intScalar(i); ok && x == v {
			tied = true
		}
	}
	var out []int
	if s.gridImage() {
		for d := range s.Global {
			out = append(out, d)
		}
		return out
	}
	if !tied {
		return []int{last}
	}
	for d, g := range s.Global {
		if g == v {
			out = append(out, d)
		}
	}
	return out
}

// gridImage reports whether an image argument covers the grid texel for
// texel in two or more dimensions (its width, height, ... equal the global
// sizes): such an image ties those dimensions as a size scalar does, so it
// grows in all of them, not into a strip that passes the device's
// image-height limit.
func (s *Spec) gridImage() bool {
	for i := range s.Args {
		a := &s.Args[i]
		if a.Kind != ArgImage || a.Image == nil || len(s.Global) < 2 {
			continue
		}
		ext := a.Image.extents()
		if len(ext) >= len(s.Global) && *ext[0] == s.Global[0] && *ext[1] == s.Global[1] && (len(s.Global) < 3 || *ext[2] == s.Global[2]) {
			return true
		}
	}
	return false
}

// intScalar returns the value of argument i when it is a non-negative
// integer scalar (not a vector).
func (s *Spec) intScalar(i int) (uint64, bool) {
	a := &s.Args[i]
	if a.Kind != ArgScalar || a.Type.Kind == Float || a.Type.Width != 1 || len(a.Value) != 1 {
		return 0, false
	}
	v, err := parseInt(a.Type, a.Value[0])
	if err != nil || (a.Type.Kind == Signed && int64(v) < 0) {
		return 0, false
	}
	return v & (^uint64(0) >> (64 - 8*a.Type.Size)), true
}

// ScaleStep is the smallest factor by which Scaled grows the spec exactly:
// 2 to the number of dimensions that grow together (2, 4 or 8). Scaled(f)
// with f a power of ScaleStep multiplies the work-item count by f.
func (s *Spec) ScaleStep() uint64 { return 1 << len(s.scaledDims()) }

// root returns the largest r with r^k <= f.
func root(f uint64, k int) uint64 {
	if k == 1 || f <= 1 {
		return max(f, 1)
	}
	r := uint64(1) << ((bits.Len64(f) - 1) / k) // a power of two at or below the root
	for {
		n, ok := pow(r+1, k)
		if !ok || n > f {
			return r
		}
		r++
	}
}

func pow(r uint64, k int) (uint64, bool) {
	n := uint64(1)
	for range k {
		hi, lo := bits.Mul64(n, r)
		if hi != 0 {
			return 0, false
		}
		n = lo
	}
	return n, true
}

// Scaled returns a copy of s sized up for benchmarks by about factor f
// (exactly f when f is a power of ScaleStep): each dimension of scaledDims
// is multiplied by r, the |dims|-th root of f; so is every integer scalar
// argument equal to the size of a scaled dimension; and every buffer whose
// element count is a multiple or a divisor of the work-item count grows
// with the work-item count. Locals and other scalars keep their values.
func (s *Spec) Scaled(f uint64) *Spec {
	c := *s
	dims := s.scaledDims()
	r := root(f, len(dims))
	g := s.GlobalCount()
	c.Global = append([]uint64(nil), s.Global...)
	sizes := map[uint64]bool{}
	for _, d := range dims {
		sizes[s.Global[d]] = true
		c.Global[d] *= r
	}
	work := c.GlobalCount() / g
	c.Args = append([]Arg(nil), s.Args...)
	for i := range c.Args {
		a := &c.Args[i]
		if v, ok := s.intScalar(i); ok && sizes[v] {
			a.Value = []string{strconv.FormatUint(v*r, 10)}
		}
		if a.Kind == ArgBuffer && (a.N%g == 0 || g%a.N == 0) {
			a.N *= work
		}
		if a.Kind == ArgImage && a.Image != nil {
			a.Image, a.N = s.scaledImage(a.Image, dims, r)
		}
	}
	return &c
}

// scaledImage returns a copy of img whose extent along each scaled
// dimension d (width for 0, then height or the 1D array size, then depth
// or the 2D array size) grows by r where it equals the global size of d:
// an image the grid covers texel for texel grows with the grid, one of
// another size (the source of a resize) keeps it. Also its texel count.
func (s *Spec) scaledImage(img *Image, dims []int, r uint64) (*Image, uint64) {
	c := *img
	ext := c.extents()
	for _, d := range dims {
		if d < len(ext) && *ext[d] == s.Global[d] {
			*ext[d] *= r
		}
	}
	n := uint64(1)
	for _, e := range ext {
		n *= *e
	}
	return &c, n
}

// extents points at img's sizes in the order of the grid's dimensions:
// width, then height or a 1D array's size, then depth or a 2D array's size.
func (img *Image) extents() []*uint64 {
	ext := []*uint64{&img.Width}
	switch img.MemType {
	case Image1DArray:
		ext = append(ext, &img.ArraySize)
	case Image2D:
		ext = append(ext, &img.Height)
	case Image2DArray:
		ext = append(ext, &img.Height, &img.ArraySize)
	case Image3D:
		ext = append(ext, &img.Height, &img.Depth)
	}
	return ext
}
