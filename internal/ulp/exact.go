package ulp

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Exactness checks: the integer builtins (OpenCL C 3.0 §6.15.3) and the
// explicit conversions (§6.4.3, rounding modes §6.4.3.2, saturation
// §6.4.3.3) have exact results, so each is compared bit for bit with a Go
// reference: exhaustively for 8-bit operands and 16-bit single operands,
// densely for 16-bit pairs and triples, on edge values and random values
// for 32 and 64 bits.

// Scalar is an OpenCL C scalar type of the exactness checks.
type Scalar struct {
	Name   string
	Bits   int
	Signed bool
	Float  bool
}

// The scalar types.
var (
	SChar   = Scalar{Name: "char", Bits: 8, Signed: true}
	SUChar  = Scalar{Name: "uchar", Bits: 8}
	SShort  = Scalar{Name: "short", Bits: 16, Signed: true}
	SUShort = Scalar{Name: "ushort", Bits: 16}
	SInt    = Scalar{Name: "int", Bits: 32, Signed: true}
	SUInt   = Scalar{Name: "uint", Bits: 32}
	SLong   = Scalar{Name: "long", Bits: 64, Signed: true}
	SULong  = Scalar{Name: "ulong", Bits: 64}
	SFloat  = Scalar{Name: "float", Bits: 32, Signed: true, Float: true}
	SDouble = Scalar{Name: "double", Bits: 64, Signed: true, Float: true}
)

// IntScalars are the integer types; ConvScalars every type a conversion
// takes or gives (half has no conversions without cl_khr_fp16).
var (
	IntScalars  = []Scalar{SChar, SUChar, SShort, SUShort, SInt, SUInt, SLong, SULong}
	ConvScalars = []Scalar{SChar, SUChar, SShort, SUShort, SInt, SUInt, SLong, SULong, SFloat, SDouble}
)

func (t Scalar) mask() uint64 {
	if t.Bits == 64 {
		return math.MaxUint64
	}
	return 1<<t.Bits - 1
}

// unsigned is the unsigned type of t's width.
func (t Scalar) unsigned() Scalar {
	for _, u := range IntScalars {
		if u.Bits == t.Bits && !u.Signed {
			return u
		}
	}
	return t
}

// wide is the integer type twice as wide, of t's signedness (upsample).
func (t Scalar) wide() Scalar {
	for _, u := range IntScalars {
		if u.Bits == 2*t.Bits && u.Signed == t.Signed {
			return u
		}
	}
	return t
}

// big is the value of bits x of integer type t.
func (t Scalar) big(x uint64) *big.Int {
	x &= t.mask()
	if t.Signed && t.Bits < 64 && x>>(t.Bits-1) != 0 {
		return big.NewInt(int64(x | ^t.mask()))
	}
	if t.Signed {
		return big.NewInt(int64(x))
	}
	return new(big.Int).SetUint64(x)
}

// int64 is the value of bits x of a type of at most 32 bits, or of a
// signed 64-bit one.
func (t Scalar) int64(x uint64) int64 {
	x &= t.mask()
	if t.Signed && t.Bits < 64 && x>>(t.Bits-1) != 0 {
		return int64(x | ^t.mask())
	}
	return int64(x)
}

// rangeOf is t's smallest and largest value.
func (t Scalar) rangeOf() (lo, hi *big.Int) {
	if t.Signed {
		lo = new(big.Int).Lsh(big.NewInt(-1), uint(t.Bits-1))
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits-1)), big.NewInt(1))
		return lo, hi
	}
	return big.NewInt(0), new(big.Int).SetUint64(t.mask())
}

// wrap is v modulo 2^bits, as t's bits.
func (t Scalar) wrap(v *big.Int) uint64 {
	m := new(big.Int).And(v, new(big.Int).SetUint64(t.mask()))
	return m.Uint64()
}

// sat is v clamped to t's range, as t's bits.
func (t Scalar) sat(v *big.Int) uint64 {
	lo, hi := t.rangeOf()
	switch {
	case v.Cmp(lo) < 0:
		return t.wrap(lo)
	case v.Cmp(hi) > 0:
		return t.wrap(hi)
	}
	return t.wrap(v)
}

// IntFunc is an integer builtin under the exactness check.
type IntFunc struct {
	Name string
	Args int
	// Types are the operand types (nil: every integer type).
	Types []Scalar
	// Result is the result type for operand type t (nil: t).
	Result func(t Scalar) Scalar
	// Arg is argument i's type (nil: t).
	Arg func(t Scalar, i int) Scalar
	// Fix moves operands into the domain where the spec defines the
	// result (mul24's 24-bit operands, clamp's minval <= maxval).
	Fix func(t Scalar, a []uint64)
	// Ref is the result's bits.
	Ref func(t Scalar, a []*big.Int) uint64
	// Std is the -cl-std option the builtin needs ("" for 1.2).
	Std string
}

func bi(x int64) *big.Int { return big.NewInt(x) }

func add(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }
func mul(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }

// IntFuncs are the integer builtins of §6.15.3 under the check.
var IntFuncs = []*IntFunc{
	{Name: "abs", Args: 1, Result: Scalar.unsigned, Ref: func(t Scalar, a []*big.Int) uint64 { return t.wrap(new(big.Int).Abs(a[0])) }},
	{Name: "abs_diff", Args: 2, Result: Scalar.unsigned, Ref: func(t Scalar, a []*big.Int) uint64 {
		return t.wrap(new(big.Int).Abs(new(big.Int).Sub(a[0], a[1])))
	}},
	{Name: "add_sat", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 { return t.sat(add(a[0], a[1])) }},
	{Name: "sub_sat", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 { return t.sat(new(big.Int).Sub(a[0], a[1])) }},
	// hadd and rhadd: (x + y) >> 1 and (x + y + 1) >> 1 without overflow
	// (big.Int's Rsh is an arithmetic shift, floor for negative sums).
	{Name: "hadd", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 { return t.wrap(new(big.Int).Rsh(add(a[0], a[1]), 1)) }},
	{Name: "rhadd", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 {
		return t.wrap(new(big.Int).Rsh(add(add(a[0], a[1]), bi(1)), 1))
	}},
	{Name: "clz", Args: 1, Ref: func(t Scalar, a []*big.Int) uint64 {
		return uint64(bits.LeadingZeros64(t.wrap(a[0])) - (64 - t.Bits))
	}},
	{Name: "ctz", Args: 1, Std: "-cl-std=CL3.0", Ref: func(t Scalar, a []*big.Int) uint64 {
		return uint64(min(bits.TrailingZeros64(t.wrap(a[0])), t.Bits))
	}},
	{Name: "popcount", Args: 1, Ref: func(t Scalar, a []*big.Int) uint64 { return uint64(bits.OnesCount64(t.wrap(a[0]))) }},
	// mul_hi: the high half of the full product; mad_hi adds z, wrapping.
	{Name: "mul_hi", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 {
		return t.wrap(new(big.Int).Rsh(mul(a[0], a[1]), uint(t.Bits)))
	}},
	{Name: "mad_hi", Args: 3, Ref: func(t Scalar, a []*big.Int) uint64 {
		return t.wrap(add(new(big.Int).Rsh(mul(a[0], a[1]), uint(t.Bits)), a[2]))
	}},
	{Name: "mad_sat", Args: 3, Ref: func(t Scalar, a []*big.Int) uint64 { return t.sat(add(mul(a[0], a[1]), a[2])) }},
	// rotate: left by i modulo the width (§6.15.3), on the bits.
	{Name: "rotate", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 {
		x, n := t.wrap(a[0]), int(t.wrap(a[1])&uint64(t.Bits-1))
		if n == 0 {
			return x
		}
		return (x<<n | x>>(t.Bits-n)) & t.mask()
	}},
	{Name: "upsample", Args: 2, Types: []Scalar{SChar, SUChar, SShort, SUShort, SInt, SUInt}, Result: Scalar.wide,
		Arg: func(t Scalar, i int) Scalar {
			if i == 1 {
				return t.unsigned()
			}
			return t
		},
		Ref: func(t Scalar, a []*big.Int) uint64 { return t.wrap(a[0])<<t.Bits | t.unsigned().wrap(a[1]) }},
	// mul24 and mad24 are defined for 24-bit operands only (§6.15.3):
	// the product of those, wrapped to 32 bits.
	{Name: "mul24", Args: 2, Types: []Scalar{SInt, SUInt}, Fix: fix24, Ref: func(t Scalar, a []*big.Int) uint64 { return t.wrap(mul(a[0], a[1])) }},
	{Name: "mad24", Args: 3, Types: []Scalar{SInt, SUInt}, Fix: fix24, Ref: func(t Scalar, a []*big.Int) uint64 {
		return t.wrap(add(mul(a[0], a[1]), a[2]))
	}},
	{Name: "min", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 {
		if a[1].Cmp(a[0]) < 0 {
			return t.wrap(a[1])
		}
		return t.wrap(a[0])
	}},
	{Name: "max", Args: 2, Ref: func(t Scalar, a []*big.Int) uint64 {
		if a[0].Cmp(a[1]) < 0 {
			return t.wrap(a[1])
		}
		return t.wrap(a[0])
	}},
	// clamp is undefined for minval > maxval (§6.15.3): those are
	// swapped.
	{Name: "clamp", Args: 3, Fix: func(t Scalar, a []uint64) {
		if t.big(a[1]).Cmp(t.big(a[2])) > 0 {
			a[1], a[2] = a[2], a[1]
		}
	}, Ref: func(t Scalar, a []*big.Int) uint64 {
		switch {
		case a[0].Cmp(a[1]) < 0:
			return t.wrap(a[1])
		case a[0].Cmp(a[2]) > 0:
			return t.wrap(a[2])
		}
		return t.wrap(a[0])
	}},
}

// fix24 keeps the first two operands to 24 bits: [-2^23, 2^23) signed,
// [0, 2^24) unsigned.
func fix24(t Scalar, a []uint64) {
	for i := range 2 {
		x := a[i] & (1<<24 - 1)
		if t.Signed && x>>23 != 0 {
			x |= ^uint64(1<<24-1) & t.mask()
		}
		a[i] = x
	}
}

// LookupInt returns the integer builtin named name, or nil.
func LookupInt(name string) *IntFunc {
	for _, f := range IntFuncs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// IntScalarsOf lists f's operand types.
func IntScalarsOf(f *IntFunc) []Scalar { return f.typesOf() }

// typesOf lists f's operand types.
func (f *IntFunc) typesOf() []Scalar {
	if f.Types != nil {
		return f.Types
	}
	return IntScalars
}

func (f *IntFunc) argType(t Scalar, i int) Scalar {
	if f.Arg != nil {
		return f.Arg(t, i)
	}
	return t
}

func (f *IntFunc) resultType(t Scalar) Scalar {
	if f.Result != nil {
		return f.Result(t)
	}
	return t
}

// intEdgeBits are the edge values of an integer type: zero, ±1, ±2, the
// extremes and their neighbours, alternating bits, powers of two and their
// neighbours at byte boundaries and at 2^23, 2^24 (mul24's range).
func intEdgeBits(t Scalar) []uint64 {
	m := t.mask()
	top := uint64(1) << (t.Bits - 1)
	e := []uint64{0, 1, 2, 3, m, m - 1, top, top + 1, top - 1, top - 2, 0x5555555555555555 & m, 0xaaaaaaaaaaaaaaaa & m}
	for k := 8; k < t.Bits-1; k += 8 {
		e = append(e, 1<<k, 1<<k-1, 1<<k+1, -(uint64(1)<<k)&m)
	}
	if t.Bits > 24 {
		e = append(e, 1<<23, 1<<23-1, 1<<24-1, ^uint64(1<<23-1)&m)
	}
	slices.Sort(e)
	return slices.Compact(e)
}

// randomBits is a random value of t: random bits, a small value, or one
// near an edge.
func randomBits(t Scalar, r *rand.Rand, edges []uint64) uint64 {
	switch r.IntN(4) {
	case 0:
		return uint64(r.IntN(601)-300) & t.mask()
	case 1:
		return (edges[r.IntN(len(edges))] + uint64(r.IntN(9)-4)) & t.mask()
	}
	return r.Uint64() & t.mask()
}

// IntInputs are the operands of an exactness check (the bits of each
// argument), a multiple of 48 long so that every vector width divides it.
type IntInputs struct {
	Args [][]uint64
}

// Len is the number of operand tuples.
func (in *IntInputs) Len() int { return len(in.Args[0]) }

func (in *IntInputs) add(a ...uint64) {
	for i := range in.Args {
		in.Args[i] = append(in.Args[i], a[i])
	}
}

// MakeIntInputs builds the operands of f on type t: every value (8-bit;
// 16-bit single operands), every pair (8-bit pairs), every value of each
// position against random others (other 8- and 16-bit cases), all edge
// combinations, and n random tuples.
func MakeIntInputs(f *IntFunc, t Scalar, n int, seed uint64) *IntInputs {
	r := rand.New(rand.NewPCG(seed, uint64(len(f.Name))*7919+uint64(t.Bits)*2+boolInt(t.Signed)))
	nargs := f.Args
	in := &IntInputs{Args: make([][]uint64, nargs)}
	ts := make([]Scalar, nargs)
	edges := make([][]uint64, nargs)
	for i := range ts {
		ts[i] = f.argType(t, i)
		edges[i] = intEdgeBits(ts[i])
	}
	rnd := func(i int) uint64 { return randomBits(ts[i], r, edges[i]) }
	tuple := make([]uint64, nargs)
	// Edge combinations, then random tuples, then the exhaustive part
	// (vector widths run only a prefix: see VecPrefix).
	var rec func(i int)
	rec = func(i int) {
		if i == nargs {
			in.add(tuple...)
			return
		}
		for _, e := range edges[i] {
			tuple[i] = e
			rec(i + 1)
		}
	}
	rec(0)
	for range n {
		for i := range tuple {
			tuple[i] = rnd(i)
		}
		in.add(tuple...)
	}
	switch {
	case nargs == 1 && t.Bits <= 16:
		for x := uint64(0); x <= t.mask(); x++ {
			in.add(x)
		}
	case nargs == 2 && t.Bits == 8:
		for x := uint64(0); x < 256; x++ {
			for y := uint64(0); y < 256; y++ {
				in.add(x, y)
			}
		}
	case t.Bits <= 16:
		// Each position takes every value, the others random.
		for p := range nargs {
			for x := uint64(0); x <= ts[p].mask(); x++ {
				for i := range tuple {
					tuple[i] = rnd(i)
				}
				tuple[p] = x
				in.add(tuple...)
			}
		}
	}
	for in.Len()%48 != 0 {
		for i := range tuple {
			tuple[i] = rnd(i)
		}
		in.add(tuple...)
	}
	if f.Fix != nil {
		for j := range in.Len() {
			for i := range tuple {
				tuple[i] = in.Args[i][j]
			}
			f.Fix(t, tuple)
			for i := range tuple {
				in.Args[i][j] = tuple[i]
			}
		}
	}
	return in
}

func boolInt(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// intRefs computes f's results on in.
func intRefs(f *IntFunc, t Scalar, in *IntInputs) []uint64 {
	out := make([]uint64, in.Len())
	a := make([]*big.Int, f.Args)
	for j := range out {
		for i := range a {
			a[i] = f.argType(t, i).big(in.Args[i][j])
		}
		out[j] = f.Ref(t, a) & f.resultType(t).mask()
	}
	return out
}

// Conversions.

// Rounding modes of the conversions, as their suffixes.
var roundSuffixes = []string{"", "_rte", "_rtz", "_rtp", "_rtn"}

// convVariants lists the conversion function suffixes to type dst:
// saturation for integer targets only (§6.4.3.3).
func convVariants(dst Scalar) []string {
	var v []string
	for _, sat := range []string{"", "_sat"} {
		if sat != "" && dst.Float {
			continue
		}
		for _, r := range roundSuffixes {
			v = append(v, sat+r)
		}
	}
	return v
}

// floatOf is the value of float bits x of type t.
func floatOf(t Scalar, x uint64) float64 {
	if t.Bits == 32 {
		return float64(math.Float32frombits(uint32(x)))
	}
	return math.Float64frombits(x)
}

func bitsOfFloat(t Scalar, f float64) uint64 {
	if t.Bits == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// precOf is the format of a float type.
func precOf(t Scalar) Prec {
	if t.Bits == 32 {
		return F32
	}
	return F64
}

// convRef is the result of convert_dst<variant>(x) for source bits x, and
// whether the spec defines it: a float out of an integer target's range
// (or NaN) is implementation-defined without _sat (§6.4.3.3).
func convRef(src, dst Scalar, variant string, x uint64) (uint64, bool) {
	sat := len(variant) >= 4 && variant[:4] == "_sat"
	mode := variant
	if sat {
		mode = variant[4:]
	}
	switch {
	case !src.Float && !dst.Float:
		v := src.big(x)
		if sat {
			return dst.sat(v), true
		}
		// C99 6.3.1.3: modulo 2^n for unsigned targets; signed targets
		// wrap as every OpenCL implementation does.
		return dst.wrap(v), true
	case src.Float && !dst.Float:
		f := floatOf(src, x)
		if math.IsNaN(f) {
			return 0, sat
		}
		switch mode {
		case "_rte":
			f = math.RoundToEven(f)
		case "_rtp":
			f = math.Ceil(f)
		case "_rtn":
			f = math.Floor(f)
		default: // _rtz, the default for integer targets (§6.4.3.2)
			f = math.Trunc(f)
		}
		lo, hi := dst.rangeOf()
		switch {
		case math.IsInf(f, -1):
			return dst.wrap(lo), sat
		case math.IsInf(f, 1):
			return dst.wrap(hi), sat
		}
		v, _ := new(big.Float).SetFloat64(f).Int(nil)
		switch {
		case v.Cmp(lo) < 0:
			return dst.wrap(lo), sat
		case v.Cmp(hi) > 0:
			return dst.wrap(hi), sat
		}
		return dst.wrap(v), true
	case !src.Float:
		// Integer to float: round per mode, round to nearest even by
		// default.
		return bitsOfFloat(dst, roundIntTo(src.big(x), precOf(dst), mode)), true
	}
	f := floatOf(src, x)
	if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 || dst.Bits >= src.Bits {
		return bitsOfFloat(dst, f), true
	}
	return bitsOfFloat(dst, roundFloatTo(f, precOf(dst), mode)), true
}

// roundIntTo rounds integer v to format p in mode (one of roundSuffixes;
// "" is round to nearest even).
func roundIntTo(v *big.Int, p Prec, mode string) float64 {
	neg := v.Sign() < 0
	m := new(big.Int).Abs(v)
	keep := p.mant() + 1
	n := m.BitLen()
	if n <= keep {
		f, _ := new(big.Float).SetInt(v).Float64()
		return f
	}
	shift := uint(n - keep)
	q := new(big.Int).Rsh(m, shift)
	rem := new(big.Int).Sub(m, new(big.Int).Lsh(q, shift))
	half := new(big.Int).Lsh(big.NewInt(1), shift-1)
	if roundUp(mode, neg, rem.Sign() != 0, rem.Cmp(half), q.Bit(0) == 1) {
		q.Add(q, big.NewInt(1))
	}
	f, _ := new(big.Float).SetInt(q).Float64()
	f = math.Ldexp(f, int(shift))
	if neg {
		f = -f
	}
	return f
}

// roundUp decides whether a magnitude's truncation q steps up one unit:
// inexact says bits were dropped, cmpHalf compares them with half a unit.
func roundUp(mode string, neg, inexact bool, cmpHalf int, odd bool) bool {
	switch mode {
	case "_rtz":
		return false
	case "_rtp":
		return inexact && !neg
	case "_rtn":
		return inexact && neg
	}
	return cmpHalf > 0 || cmpHalf == 0 && odd
}

// roundFloatTo rounds a finite nonzero double to format p (narrower) in
// mode, with subnormal results and overflow as IEEE 754 defines them.
func roundFloatTo(f float64, p Prec, mode string) float64 {
	neg := f < 0
	a := math.Abs(f)
	_, e := math.Frexp(a) // a in [2^(e-1), 2^e)
	ue := max(e-1, p.emin()) - p.mant()
	q := math.Ldexp(a, -ue) // exact: a has 53 bits, q < 2^54
	t := math.Trunc(q)
	frac := q - t
	cmpHalf := 0
	switch {
	case frac > 0.5:
		cmpHalf = 1
	case frac < 0.5:
		cmpHalf = -1
	}
	if roundUp(mode, neg, frac != 0, cmpHalf, math.Mod(t, 2) == 1) {
		t++
	}
	r := math.Ldexp(t, ue)
	if r > p.maxFinite() {
		switch {
		case mode == "_rtz", mode == "_rtp" && neg, mode == "_rtn" && !neg:
			r = p.maxFinite()
		default:
			r = math.Inf(1)
		}
	}
	if neg {
		r = -r
	}
	return r
}

// convEdgeBits are the edge inputs of a conversion from float type t:
// zeros, halves, integers and their neighbours at every integer type's
// limits, subnormals, infinities, NaN.
func convEdgeBits(t Scalar) []uint64 {
	p := precOf(t)
	var vals []float64
	for _, x := range []float64{0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 3.5, 100.5, math.Inf(1),
		math.Ldexp(1, p.emin()-p.mant()), math.Ldexp(1, p.emin()), p.maxFinite(), math.MaxFloat32,
		math.Ldexp(1, 24) + 1, math.Ldexp(1, 53) + 1} {
		vals = append(vals, x)
	}
	for _, k := range []int{7, 8, 15, 16, 23, 24, 31, 32, 52, 53, 63, 64} {
		l := math.Ldexp(1, k)
		vals = append(vals, l, l-1, l+1, l-0.5, l+0.5, l-0.25, l+0.75)
	}
	var out []uint64
	for _, v := range vals {
		for _, s := range []float64{1, -1} {
			x := p.round(s * v)
			if p == F32 && math.Abs(x) > math.MaxFloat32 && !math.IsInf(v, 0) {
				continue
			}
			out = append(out, bitsOfFloat(t, x), bitsOfFloat(t, p.next(x, 1)), bitsOfFloat(t, p.next(x, -1)))
		}
	}
	out = append(out, bitsOfFloat(t, math.NaN()))
	slices.Sort(out)
	return slices.Compact(out)
}

// MakeConvInputs builds the source values of conversions from src: every
// value of an 8- or 16-bit type; edges and n random values (random bits,
// values in integer ranges with fractions) of the others.
func MakeConvInputs(src Scalar, n int, seed uint64) []uint64 {
	r := rand.New(rand.NewPCG(seed, uint64(src.Bits)*2+boolInt(src.Signed)+boolInt(src.Float)*1000))
	var out []uint64
	var edges []uint64
	if src.Float {
		edges = convEdgeBits(src)
	} else {
		edges = intEdgeBits(src)
		// Integers just above float's and double's precision.
		for _, k := range []int{24, 25, 31, 53, 54, 62} {
			if k < src.Bits {
				for d := uint64(0); d < 5; d++ {
					out = append(out, (1<<k+d)&src.mask(), -(uint64(1)<<k+d)&src.mask())
				}
			}
		}
	}
	out = append(out, edges...)
	// Edges, random values, then every value of a narrow type (vector
	// widths run only a prefix: see VecPrefix).
	if !src.Float && src.Bits <= 16 {
		n = 0
	}
	total := len(out) + n
	if !src.Float && src.Bits <= 16 {
		for x := uint64(0); x <= src.mask(); x++ {
			out = append(out, x)
		}
	}
	total = max(total, (len(out)+47)/48*48)
	total = (total + 47) / 48 * 48
	for len(out) < total {
		if !src.Float {
			out = append(out, randomBits(src, r, intEdgeBits(src)))
			continue
		}
		p := precOf(src)
		var f float64
		switch r.IntN(4) {
		case 0:
			out = append(out, r.Uint64()&src.mask())
			continue
		case 1:
			f = (r.Float64() - 0.5) * 600
		case 2:
			f = (r.Float64() - 0.5) * math.Ldexp(1, r.IntN(66))
		default:
			// Doubles near float's rounding boundaries.
			f = float64(float32((r.Float64() - 0.5) * math.Ldexp(1, r.IntN(260)-130)))
			f += f * math.Ldexp(float64(r.IntN(5)-2), -25)
		}
		out = append(out, bitsOfFloat(src, p.round(f)))
	}
	return out
}
