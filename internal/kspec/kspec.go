// Package kspec reads the `//!` run specs at the top of kernel files (the
// format is documented in docs/kspec.md), makes their input data, and
// compares results.
//
// # Input data
//
// Every implementation must see the same inputs, so the generator is part
// of the format. Argument i (counting every `//! arg` line from 0, scalars
// and locals included) draws from its own SplitMix64 stream whose state
// starts at i:
//
//	state += 0x9E3779B97F4A7C15
//	z = state
//	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
//	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
//	return z ^ (z >> 31)
//
// Elements are filled in order, and within an element its components in
// order (a 3-component vector occupies 4 slots and draws 3 numbers; the
// padding slot is zero). One draw z per component gives:
//
//   - float, half: random is float32(z>>40) / 2^24, in [0,1);
//     random(LO,HI) is float32(LO + (z>>11)/2^53 * (HI-LO)), in [LO,HI)
//     (half stores the float32 value rounded to nearest even).
//   - double: random is (z>>11)/2^53; random(LO,HI) is LO + that*(HI-LO).
//   - integers: random is the low bits of z (any bit pattern);
//     random(LO,HI) is LO + z mod (HI-LO+1), in [LO,HI] inclusive.
//
// Other inits: zero; iota counts components, element e component c being
// e*W+c (W the vector width); out fills every byte with 0xA5 before the
// run; [v0,v1,...] lists component values, repeated to fill the buffer.
//
// # Scaling
//
// A benchmark grows a spec until one run lasts long enough (Spec.Scaled).
// Growing only `global` breaks kernels whose scalar arguments describe the
// size: stencil2d's `int w, int h` equal its 1024x1024 range, and a taller
// range with the old w reads a row past the end. The rule:
//
//   - The last global dimension grows. When an integer scalar argument
//     equals its size, that scalar describes a size; every dimension of
//     that same size then grows too, by the same factor, since nothing tells
//     which dimension the scalar describes (w == h == global[0] ==
//     global[1]: both grow by √f, so the work still grows by f).
//     An image argument whose sizes equal all of a 2- or 3-D grid's
//     (blur's source and destination) ties every dimension the same way.
//   - Every integer scalar argument equal to the size of a growing
//     dimension grows with it (w, h, n).
//   - Every buffer whose element count is a multiple or a divisor of the
//     work-item count grows with the work-item count (inputs read per
//     work-item, per-group outputs); other buffers, locals and other
//     scalars stay.
//   - Every image extent equal to the global size of a growing dimension
//     (width to dimension 0, height or a 1D array's size to 1, depth or a
//     2D array's size to 2) grows with it; images of other sizes stay.
//
// So a factor is exact in powers of ScaleStep (2, or 4 when two dimensions
// grow together). A kernel that sizes itself from get_global_size needs no
// scalar; a kernel whose sizes are scalars must give them the values of the
// global sizes they describe. The shared kernels are run scaled on the host
// driver, which bounds-checks every access, to keep the rule sound.
package kspec

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Error is a problem in a spec line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ScalarKind is the class of a scalar type.
type ScalarKind uint8

const (
	Signed ScalarKind = iota
	Unsigned
	Float
)

// Type is a scalar or vector type of OpenCL C.
type Type struct {
	Scalar string     // "float", "uchar", ...
	Kind   ScalarKind // of the scalar
	Size   int        // bytes of the scalar
	Width  int        // 1 for scalars, else 2, 3, 4, 8, 16
}

// ElemSize is the size of one element in a buffer (3-vectors take 4 slots).
func (t Type) ElemSize() int {
	if t.Width == 3 {
		return 4 * t.Size
	}
	return t.Width * t.Size
}

// Slots is the number of scalar slots of one element.
func (t Type) Slots() int {
	if t.Width == 3 {
		return 4
	}
	return t.Width
}

func (t Type) String() string {
	if t.Width == 1 {
		return t.Scalar
	}
	return t.Scalar + strconv.Itoa(t.Width)
}

var scalars = map[string]Type{
	"char": {"char", Signed, 1, 1}, "uchar": {"uchar", Unsigned, 1, 1},
	"short": {"short", Signed, 2, 1}, "ushort": {"ushort", Unsigned, 2, 1},
	"int": {"int", Signed, 4, 1}, "uint": {"uint", Unsigned, 4, 1},
	"long": {"long", Signed, 8, 1}, "ulong": {"ulong", Unsigned, 8, 1},
	"half": {"half", Float, 2, 1}, "float": {"float", Float, 4, 1}, "double": {"double", Float, 8, 1},
}

// ParseType parses "float", "uchar4", "int16", ...
func ParseType(s string) (Type, error) {
	if t, ok := scalars[s]; ok {
		return t, nil
	}
	i := strings.IndexAny(s, "0123456789")
	if i > 0 {
		if t, ok := scalars[s[:i]]; ok {
			switch w := s[i:]; w {
			case "2", "3", "4", "8", "16":
				t.Width, _ = strconv.Atoi(w)
				return t, nil
			}
		}
	}
	return Type{}, fmt.Errorf("unknown type %q", s)
}

// ArgKind says what an argument line declares.
type ArgKind uint8

const (
	ArgBuffer  ArgKind = iota + 1 // arg buffer<T> N init
	ArgLocal                      // arg local<T> N
	ArgScalar                     // arg T VALUE
	ArgImage                      // arg image2d<ORDER,TYPE> WxH init (image.go)
	ArgSampler                    // arg sampler COORDS,ADDRESSING,FILTER
)

// InitKind is how a buffer starts.
type InitKind uint8

const (
	InitRandom InitKind = iota + 1
	InitZero
	InitIota
	InitOut
	InitValues
)

// Arg is one `//! arg` line.
type Arg struct {
	Line int
	Kind ArgKind
	Type Type
	N    uint64 // elements, for buffers and locals

	Init     InitKind // buffers
	HasRange bool     // random(LO,HI)
	Lo, Hi   string   // the range as written
	Values   []string // InitValues: component values as written

	Value []string // scalars: the components as written (one is splat)

	// Image describes an ArgImage, whose pixels are N elements of Type
	// (one component per channel) made by Init as a buffer's; Sampler an
	// ArgSampler.
	Image   *Image
	Sampler *Sampler
}

// Bytes is the buffer or local size in bytes.
func (a *Arg) Bytes() uint64 { return a.N * uint64(a.Type.ElemSize()) }

// Spec is a parsed run spec.
type Spec struct {
	File      string
	Kernel    string
	Global    []uint64 // 1 to 3 dimensions
	Local     []uint64 // nil: the implementation chooses
	Args      []Arg
	Tolerance float64
	Mismatch  float64
	Options   string
	// ClgoOptions are build options for clgo's devices only (`//!
	// clgo-options`): the reference OpenCL builds without them, as for
	// -arch=spir64, which PoCL refuses but matches (it is a 64-bit device).
	ClgoOptions string
}

// ClgoBuildOptions are the build options of a clgo build: Options, then
// ClgoOptions.
func (s *Spec) ClgoBuildOptions() string {
	return strings.TrimSpace(s.Options + " " + s.ClgoOptions)
}

// Parse reads the `//!` lines of src (the whole file; other lines are
// ignored). file names it in errors.
func Parse(file, src string) (*Spec, error) {
	s := &Spec{File: file}
	seen := map[string]bool{}
	for n, line := range strings.Split(src, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "//!")
		if !ok {
			continue
		}
		ln := n + 1
		bad := func(f string, a ...any) error { return &Error{file, ln, fmt.Sprintf(f, a...)} }
		rest = strings.TrimSpace(rest)
		dir, val, _ := strings.Cut(rest, " ")
		val = strings.TrimSpace(val)
		if dir != "arg" {
			if seen[dir] {
				return nil, bad("duplicate %q directive", dir)
			}
			seen[dir] = true
		}
		switch dir {
		case "kernel":
			if val == "" || strings.ContainsAny(val, " \t") {
				return nil, bad("kernel wants one name")
			}
			s.Kernel = val
		case "global", "local":
			dims, err := parseDims(val)
			if err != nil {
				return nil, bad("%s: %v", dir, err)
			}
			if dir == "global" {
				s.Global = dims
			} else {
				s.Local = dims
			}
		case "tolerance", "mismatch":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) || (dir == "mismatch" && f > 1) {
				return nil, bad("%s: bad value %q", dir, val)
			}
			if dir == "tolerance" {
				s.Tolerance = f
			} else {
				s.Mismatch = f
			}
		case "options":
			s.Options = val
		case "clgo-options":
			s.ClgoOptions = val
		case "arg":
			a, err := parseArg(val)
			if err != nil {
				return nil, bad("arg: %v", err)
			}
			a.Line = ln
			s.Args = append(s.Args, a)
		case "":
			return nil, bad("empty directive")
		default:
			return nil, bad("unknown directive %q", dir)
		}
	}
	if s.Kernel == "" {
		return nil, &Error{file, 1, "no //! kernel line"}
	}
	if s.Global == nil {
		return nil, &Error{file, 1, "no //! global line"}
	}
	if s.Local != nil && len(s.Local) != len(s.Global) {
		return nil, &Error{file, 1, fmt.Sprintf("local has %d dimensions, global %d", len(s.Local), len(s.Global))}
	}
	return s, nil
}

func parseDims(v string) ([]uint64, error) {
	parts := strings.Split(v, ",")
	if len(parts) < 1 || len(parts) > 3 {
		return nil, fmt.Errorf("want 1 to 3 sizes, got %q", v)
	}
	var out []uint64
	for _, p := range parts {
		n, err := strconv.ParseUint(strings.TrimSpace(p), 0, 64)
		if err != nil || n == 0 {
			return nil, fmt.Errorf("bad size %q", p)
		}
		out = append(out, n)
	}
	return out, nil
}

func parseArg(v string) (Arg, error) {
	var a Arg
	head, rest, _ := strings.Cut(v, " ")
	rest = strings.TrimSpace(rest)
	if head == "sampler" {
		return parseSamplerArg(rest)
	}
	if kind, elem, ok := strings.Cut(head, "<"); ok {
		elem, ok = strings.CutSuffix(elem, ">")
		if !ok {
			return a, fmt.Errorf("missing '>' in %q", head)
		}
		if _, isImage := imageTypes[kind]; isImage {
			return parseImageArg(kind, elem, strings.Fields(rest))
		}
		t, err := ParseType(elem)
		if err != nil {
			return a, err
		}
		a.Type = t
		fields := strings.Fields(rest)
		switch kind {
		case "buffer":
			a.Kind = ArgBuffer
			if len(fields) != 2 {
				return a, fmt.Errorf("want: buffer<T> N init")
			}
		case "local":
			a.Kind = ArgLocal
			if len(fields) != 1 {
				return a, fmt.Errorf("want: local<T> N")
			}
		default:
			return a, fmt.Errorf("unknown argument kind %q", kind)
		}
		n, err := strconv.ParseUint(fields[0], 0, 64)
		if err != nil || n == 0 {
			return a, fmt.Errorf("bad element count %q", fields[0])
		}
		a.N = n
		if a.Kind == ArgBuffer {
			if err := parseInit(&a, fields[1]); err != nil {
				return a, err
			}
		}
		return a, nil
	}
	t, err := ParseType(head)
	if err != nil {
		return a, err
	}
	a.Kind, a.Type = ArgScalar, t
	rest = strings.TrimSuffix(strings.TrimPrefix(rest, "("), ")")
	if rest == "" {
		return a, fmt.Errorf("scalar %s wants a value", t)
	}
	for _, c := range strings.Split(rest, ",") {
		c = strings.TrimSpace(c)
		if _, err := parseComponent(t, c); err != nil {
			return a, err
		}
		a.Value = append(a.Value, c)
	}
	if len(a.Value) != 1 && len(a.Value) != t.Width {
		return a, fmt.Errorf("%s wants 1 or %d values, got %d", t, t.Width, len(a.Value))
	}
	return a, nil
}

func parseInit(a *Arg, s string) error {
	switch {
	case s == "random":
		a.Init = InitRandom
	case s == "zero":
		a.Init = InitZero
	case s == "iota":
		a.Init = InitIota
	case s == "out":
		a.Init = InitOut
	case strings.HasPrefix(s, "random(") && strings.HasSuffix(s, ")"):
		lo, hi, ok := strings.Cut(s[len("random("):len(s)-1], ",")
		if !ok {
			return fmt.Errorf("want random(LO,HI), got %q", s)
		}
		a.Init, a.HasRange, a.Lo, a.Hi = InitRandom, true, strings.TrimSpace(lo), strings.TrimSpace(hi)
		if a.Type.Kind == Float {
			l, err1 := strconv.ParseFloat(a.Lo, 64)
			h, err2 := strconv.ParseFloat(a.Hi, 64)
			if err1 != nil || err2 != nil || !(l <= h) {
				return fmt.Errorf("bad range %q", s)
			}
		} else {
			l, err1 := parseInt(a.Type, a.Lo)
			h, err2 := parseInt(a.Type, a.Hi)
			if err1 != nil || err2 != nil || cmpInt(a.Type, l, h) > 0 {
				return fmt.Errorf("bad range %q for %s", s, a.Type)
			}
		}
	case strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]"):
		a.Init = InitValues
		for _, v := range strings.Split(s[1:len(s)-1], ",") {
			v = strings.TrimSpace(v)
			if _, err := parseComponent(a.Type, v); err != nil {
				return err
			}
			a.Values = append(a.Values, v)
		}
	default:
		return fmt.Errorf("unknown init %q", s)
	}
	return nil
}

// parseInt parses an integer of type t into its 64-bit pattern.
func parseInt(t Type, s string) (uint64, error) {
	bits := t.Size * 8
	if t.Kind == Signed {
		v, err := strconv.ParseInt(s, 0, bits)
		if err != nil {
			return 0, fmt.Errorf("bad %s value %q", t.Scalar, s)
		}
		return uint64(v), nil
	}
	v, err := strconv.ParseUint(s, 0, bits)
	if err != nil {
		return 0, fmt.Errorf("bad %s value %q", t.Scalar, s)
	}
	return v, nil
}

func cmpInt(t Type, a, b uint64) int {
	if t.Kind == Signed {
		x, y := int64(a), int64(b)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// parseComponent parses one scalar value of t's scalar type to raw bits.
func parseComponent(t Type, s string) (uint64, error) {
	if t.Kind != Float {
		return parseInt(t, s)
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, "f"), "F")
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("bad %s value %q", t.Scalar, s)
	}
	return floatBits(t, f), nil
}

func floatBits(t Type, f float64) uint64 {
	switch t.Size {
	case 2:
		return uint64(Float16(float32(f)))
	case 4:
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

func putSlot(b []byte, size int, v uint64) {
	switch size {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, v)
	}
}

func getSlot(b []byte, size int) uint64 {
	switch size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// Float16 converts f to IEEE half bits, rounding to nearest even.
func Float16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	switch {
	case exp == 0xff:
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127 > 15:
		return sign | 0x7c00
	case exp-127 >= -14:
		e := uint32(exp-127+15) << 10
		m := mant >> 13
		r := mant & 0x1fff
		v := e | m
		if r > 0x1000 || (r == 0x1000 && v&1 == 1) {
			v++ // may carry into the exponent, which is right
		}
		return sign | uint16(v)
	case exp-127 >= -25:
		// subnormal half
		m := mant | 0x800000
		shift := uint32(-(exp - 127) - 14 + 13)
		v := m >> shift
		r := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if r > half || (r == half && v&1 == 1) {
			v++
		}
		return sign | uint16(v)
	}
	return sign
}

// Float16To32 converts half bits to a float32.
func Float16To32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := int(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		f := float32(mant) / (1 << 24)
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | uint32(exp-15+127)<<23 | mant<<13)
}

// Rand is the SplitMix64 generator of the package comment.
type Rand struct{ state uint64 }

// NewRand returns the stream of argument index i.
func NewRand(i int) *Rand { return &Rand{uint64(i)} }

// Uint64 returns the next number.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Data makes the initial bytes of argument i: the buffer contents, an
// image's pixels (tightly packed), the scalar's value, or nil for a local
// or a sampler.
func (s *Spec) Data(i int) []byte {
	a := &s.Args[i]
	t := a.Type
	switch a.Kind {
	case ArgLocal, ArgSampler:
		return nil
	case ArgScalar:
		b := make([]byte, t.ElemSize())
		for c := range t.Width {
			v := a.Value[0]
			if len(a.Value) > 1 {
				v = a.Value[c]
			}
			bits, _ := parseComponent(t, v)
			putSlot(b[c*t.Size:], t.Size, bits)
		}
		return b
	}
	b := make([]byte, a.Bytes())
	w, slots := t.Width, t.Slots()
	switch a.Init {
	case InitZero:
	case InitOut:
		for j := range b {
			b[j] = 0xA5
		}
	case InitIota:
		for e := range a.N {
			for c := range w {
				k := e*uint64(w) + uint64(c)
				var bits uint64
				if t.Kind == Float {
					bits = floatBits(t, float64(k))
				} else {
					bits = k
				}
				putSlot(b[(int(e)*slots+c)*t.Size:], t.Size, bits)
			}
		}
	case InitValues:
		vals := make([]uint64, len(a.Values))
		for j, v := range a.Values {
			vals[j], _ = parseComponent(t, v)
		}
		k := 0
		for e := range int(a.N) {
			for c := range w {
				putSlot(b[(e*slots+c)*t.Size:], t.Size, vals[k%len(vals)])
				k++
			}
		}
	case InitRandom:
		r := NewRand(i)
		gen := randomGen(a)
		for e := range int(a.N) {
			for c := range w {
				putSlot(b[(e*slots+c)*t.Size:], t.Size, gen(r.Uint64()))
			}
		}
	}
	return b
}

func randomGen(a *Arg) func(z uint64) uint64 {
	t := a.Type
	if t.Kind == Float {
		if !a.HasRange {
			if t.Size == 8 {
				return func(z uint64) uint64 { return math.Float64bits(float64(z>>11) / (1 << 53)) }
			}
			return func(z uint64) uint64 { return floatBits(t, float64(float32(z>>40)/(1<<24))) }
		}
		lo, _ := strconv.ParseFloat(a.Lo, 64)
		hi, _ := strconv.ParseFloat(a.Hi, 64)
		return func(z uint64) uint64 {
			v := lo + float64(z>>11)/(1<<53)*(hi-lo)
			if t.Size == 8 {
				return math.Float64bits(v)
			}
			return floatBits(t, float64(float32(v)))
		}
	}
	if !a.HasRange {
		return func(z uint64) uint64 { return z }
	}
	lo, _ := parseInt(t, a.Lo)
	hi, _ := parseInt(t, a.Hi)
	span := hi - lo + 1 // wraps to 0 for the full 64-bit range
	return func(z uint64) uint64 {
		if span == 0 {
			return z
		}
		return lo + z%span
	}
}
