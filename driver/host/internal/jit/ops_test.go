package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// progBuilder makes small lane programs by hand: every value its own slot.
type progBuilder struct {
	p    lanes.Program
	slot int32
}

func newProg(local int) *progBuilder {
	return &progBuilder{p: lanes.Program{Entry: "t", Chunk: chunk, Local: [3]int{local, 1, 1}}}
}

func (b *progBuilder) value(k lanes.Kind, s lanes.Shape) lanes.Value {
	b.p.Values = append(b.p.Values, lanes.ValueInfo{Kind: k, Shape: s, Slot: b.slot})
	if s == lanes.Uniform {
		b.slot += 8
	} else {
		b.slot += int32(k.Bytes() * chunk)
	}
	b.p.FrameSize = int(b.slot)
	return lanes.Value(len(b.p.Values) - 1)
}

func (b *progBuilder) konst(k lanes.Kind, bits uint64) lanes.Value {
	v := b.value(k, lanes.Uniform)
	b.p.Values[v].Const, b.p.Values[v].Bits = true, bits
	return v
}

func (b *progBuilder) op(o lanes.Op) lanes.Value {
	if o.A == 0 && o.B == 0 && o.C == 0 && o.M == 0 {
		panic("set every operand")
	}
	b.p.Ops = append(b.p.Ops, o)
	return o.Dst
}

func (b *progBuilder) region(k lanes.RegionKind, size int) int {
	b.p.Regions = append(b.p.Regions, lanes.Region{Kind: k, Binding: len(b.p.Regions), Size: size})
	return len(b.p.Regions) - 1
}

const nv = lanes.NoValue

// laneIDs adds the start of most test programs: live, the mask of the
// lanes that run (LiveLanes), and li, each lane's LocalIndex.
func (b *progBuilder) laneIDs() (live, li lanes.Value) {
	live = b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li = b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	return live, li
}

// opCase is one op under test: its code, the operands' kind, the result's
// kind, its immediate and how many operands it reads.
type opCase struct {
	code  lanes.Code
	kind  lanes.Kind
	dk    lanes.Kind
	imm   int64
	nargs int
	argK  [3]lanes.Kind // operand kinds, where setK (else kind's)
	setK  bool
}

func (c opCase) String() string {
	return fmt.Sprintf("%v.%v->%v#%d", c.code, c.kind, c.dk, c.imm)
}

// buildOpProg builds: lane l loads operand j from buffer j at l*size
// (Uniform operands: at 0, under shape bit j of uni), runs the op and
// stores the result to buffer 3 at l*size.
func buildOpProg(c opCase, uni int, local int) *lanes.Program {
	b := newProg(local)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	args := [3]lanes.Value{nv, nv, nv}
	allUni := true
	for j := 0; j < c.nargs; j++ {
		k := c.argK[j]
		if uni&(1<<j) != 0 {
			args[j] = b.value(k, lanes.Uniform)
			b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: args[j], A: zero, B: nv, C: nv, M: live, Imm: int64(j), Imm2: int64(k.Bytes())})
			continue
		}
		allUni = false
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: int64(k.Bytes())})
		args[j] = b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: args[j], A: off, B: nv, C: nv, M: live, Imm: int64(j), Imm2: int64(k.Bytes())})
	}
	shape := lanes.Varying
	if allUni {
		shape = lanes.Uniform
	}
	d := b.value(c.dk, shape)
	b.op(lanes.Op{Code: c.code, Kind: c.kind, Dst: d, A: args[0], B: args[1], C: args[2], M: nv, Imm: c.imm})
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: int64(c.dk.Bytes())})
	b.op(lanes.Op{Code: lanes.Store, Kind: c.dk, Dst: nv, A: off, B: d, C: nv, M: live, Imm: 3, Imm2: int64(c.dk.Bytes())})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// Interesting operand bits by kind.
var (
	special32 = []uint32{0, 1, 2, 3, 7, 8, 31, 32, 33, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000,
		0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0xfffffff0}
	specialF32 = []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-45, -1e-45, 1e-39,
		math.MaxFloat32, -math.MaxFloat32, 16777217, 2147483520, 2147483648, 4294967040, 4294967296,
		-2147483648, -2147483904, 127.5, 128, 255.9, 256, -129, 32767.5, 65535.9, 65536, -32769}
	special64 = []uint64{0, 1, 63, 64, 65, 1 << 32, 1<<32 - 1, 1 << 63, 1<<63 - 1, math.MaxUint64,
		math.MaxUint64 - 1, 0xffffffff00000000, 0x80000000,
		// float32 ties and near-ties of 64-bit integers (double rounding)
		1<<63 | 1<<39, 1<<63 | 1<<39 | 1, 1<<63 | 3<<39, 1<<63 | 1<<39 | 1<<10, 1<<55 | 1<<31 | 1, 1<<54 | 1<<30, 1<<53 + 1}
	specialF64 = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2.5, math.Inf(1), math.Inf(-1),
		math.NaN(), 5e-324, math.MaxFloat64, 4294967295.5, 4294967296, -2147483648.5, -2147483649,
		2147483647.5, 1e300, 3.4028235677973366e38, 3.4028235e38 * 2, 1.401298464324817e-45, 7e-46}
)

// fill writes n random operand values of kind k (lane l at l*size).
func fill(rng *rand.Rand, k lanes.Kind, n int, code lanes.Code) []byte {
	buf := make([]byte, n*k.Bytes())
	for l := range n {
		switch k {
		case lanes.Mask:
			var v uint32
			if rng.IntN(2) == 0 {
				v = 0xffffffff
			}
			binary.LittleEndian.PutUint32(buf[4*l:], v)
		case lanes.I32:
			var v uint32
			switch rng.IntN(4) {
			case 0:
				v = special32[rng.IntN(len(special32))]
			case 1:
				v = uint32(rng.IntN(64)) - 16
			default:
				v = rng.Uint32()
			}
			binary.LittleEndian.PutUint32(buf[4*l:], v)
		case lanes.F32:
			var v float32
			switch rng.IntN(4) {
			case 0:
				v = specialF32[rng.IntN(len(specialF32))]
			case 1:
				v = float32(rng.IntN(64)-32) / 4
			case 2:
				v = math.Float32frombits(rng.Uint32())
			default:
				v = float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(20)-10)))
			}
			binary.LittleEndian.PutUint32(buf[4*l:], math.Float32bits(v))
		case lanes.I64:
			var v uint64
			switch rng.IntN(4) {
			case 0:
				v = special64[rng.IntN(len(special64))]
			case 1:
				v = uint64(rng.IntN(128)) - 32
			default:
				v = rng.Uint64() >> rng.IntN(64)
			}
			binary.LittleEndian.PutUint64(buf[8*l:], v)
		case lanes.F64:
			var v float64
			switch rng.IntN(4) {
			case 0:
				v = specialF64[rng.IntN(len(specialF64))]
			case 1:
				v = float64(rng.IntN(64)-32) / 4
			case 2:
				v = math.Float64frombits(rng.Uint64())
			default:
				v = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
			}
			binary.LittleEndian.PutUint64(buf[8*l:], math.Float64bits(v))
		}
	}
	return buf
}

// sameBits compares results lane by lane; any two NaNs are equal (x86
// and Go's NaN payloads may differ where both operands are NaN).
func sameBits(k lanes.Kind, x, y []byte) (int, bool) {
	n := k.Bytes()
	for l := 0; l+n <= len(x); l += n {
		switch k {
		case lanes.F32:
			a, b := binary.LittleEndian.Uint32(x[l:]), binary.LittleEndian.Uint32(y[l:])
			if a != b && !(math.IsNaN(float64(math.Float32frombits(a))) && math.IsNaN(float64(math.Float32frombits(b)))) {
				return l / n, false
			}
		case lanes.F64:
			a, b := binary.LittleEndian.Uint64(x[l:]), binary.LittleEndian.Uint64(y[l:])
			if a != b && !(math.IsNaN(math.Float64frombits(a)) && math.IsNaN(math.Float64frombits(b))) {
				return l / n, false
			}
		default:
			if !bytes.Equal(x[l:l+n], y[l:l+n]) {
				return l / n, false
			}
		}
	}
	return 0, true
}

func i32(c lanes.Code, n int) opCase {
	return opCase{code: c, kind: lanes.I32, dk: lanes.I32, nargs: n}
}
func f32(c lanes.Code, n int) opCase {
	return opCase{code: c, kind: lanes.F32, dk: lanes.F32, nargs: n}
}
func i64(c lanes.Code, n int) opCase {
	return opCase{code: c, kind: lanes.I64, dk: lanes.I64, nargs: n}
}
func f64(c lanes.Code, n int) opCase {
	return opCase{code: c, kind: lanes.F64, dk: lanes.F64, nargs: n}
}

func (c opCase) to(dk lanes.Kind) opCase { c.dk = dk; return c }
func (c opCase) with(imm int64) opCase   { c.imm = imm; return c }

// opCases lists every op the native tier compiles, with its forms.
func opCases() []opCase {
	var cs []opCase
	for _, c := range []lanes.Code{lanes.Add, lanes.Sub, lanes.Mul, lanes.UMulHi, lanes.SMulHi, lanes.UDiv,
		lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod, lanes.And, lanes.Or, lanes.Xor, lanes.Shl, lanes.ShrU,
		lanes.ShrS, lanes.UMin, lanes.UMax, lanes.SMin, lanes.SMax} {
		cs = append(cs, i32(c, 2))
	}
	for _, c := range []lanes.Code{lanes.Not, lanes.Neg, lanes.SAbs, lanes.BitCount, lanes.FindUMsb,
		lanes.FindILsb, lanes.BitReverse, lanes.Copy} {
		cs = append(cs, i32(c, 1))
	}
	for _, w := range []int64{8, 16, 32} {
		cs = append(cs, i32(lanes.Zext, 1).with(w), i32(lanes.Sext, 1).with(w))
	}
	for _, c := range []lanes.Code{lanes.Eq, lanes.Ne, lanes.ULt, lanes.ULe, lanes.SLt, lanes.SLe} {
		cs = append(cs, i32(c, 2).to(lanes.Mask), i64(c, 2).to(lanes.Mask))
	}
	for _, c := range []lanes.Code{lanes.MaskAnd, lanes.MaskOr, lanes.MaskAndNot, lanes.MaskXor} {
		cs = append(cs, opCase{code: c, kind: lanes.Mask, dk: lanes.Mask, nargs: 2})
	}
	cs = append(cs, opCase{code: lanes.MaskNot, kind: lanes.Mask, dk: lanes.Mask, nargs: 1})
	for _, k := range []lanes.Kind{lanes.I32, lanes.F32, lanes.I64, lanes.F64} {
		c := opCase{code: lanes.Select, kind: k, dk: k, nargs: 3, setK: true}
		c.argK = [3]lanes.Kind{lanes.Mask, k, k}
		cs = append(cs, c)
	}
	for _, c := range []lanes.Code{lanes.FAdd, lanes.FSub, lanes.FMul, lanes.FDiv, lanes.FMin, lanes.FMax} {
		cs = append(cs, f32(c, 2), f64(c, 2))
	}
	for _, c := range []lanes.Code{lanes.FNeg, lanes.FAbs, lanes.Sqrt, lanes.Floor, lanes.Ceil, lanes.Trunc, lanes.RoundEven} {
		cs = append(cs, f32(c, 1), f64(c, 1))
	}
	cs = append(cs, f32(lanes.Fma, 3), f64(lanes.Fma, 3))
	for _, m := range []struct {
		num spirv.GLSLstd450
		n   int
	}{{spirv.GLSLstd450Round, 1}, {spirv.GLSLstd450FSign, 1}, {spirv.GLSLstd450Fract, 1},
		{spirv.GLSLstd450Radians, 1}, {spirv.GLSLstd450Degrees, 1}, {spirv.GLSLstd450InverseSqrt, 1},
		{spirv.GLSLstd450Step, 2}, {spirv.GLSLstd450FMix, 3}} {
		cs = append(cs, f32(lanes.Math, m.n).with(int64(m.num)), f64(lanes.Math, m.n).with(int64(m.num)))
	}
	for _, c := range []lanes.Code{lanes.FOrdEq, lanes.FOrdNe, lanes.FOrdLt, lanes.FOrdLe, lanes.FUnordEq,
		lanes.FUnordNe, lanes.FUnordLt, lanes.FUnordLe, lanes.IsOrdered} {
		cs = append(cs, f32(c, 2).to(lanes.Mask), f64(c, 2).to(lanes.Mask))
	}
	for _, c := range []lanes.Code{lanes.IsNan, lanes.IsInf, lanes.SignBit} {
		cs = append(cs, f32(c, 1).to(lanes.Mask), f64(c, 1).to(lanes.Mask))
	}
	cs = append(cs, i32(lanes.SToF, 1).to(lanes.F32), i32(lanes.UToF, 1).to(lanes.F32),
		i32(lanes.SToF, 1).to(lanes.F64), i32(lanes.UToF, 1).to(lanes.F64))
	for _, w := range []int64{8, 16, 32} {
		cs = append(cs, f32(lanes.FToS, 1).to(lanes.I32).with(w), f32(lanes.FToU, 1).to(lanes.I32).with(w),
			f64(lanes.FToS, 1).to(lanes.I32).with(w), f64(lanes.FToU, 1).to(lanes.I32).with(w))
	}
	cs = append(cs, f32(lanes.FConvert, 1).to(lanes.F64), f64(lanes.FConvert, 1).to(lanes.F32),
		i32(lanes.ZextTo64, 1).to(lanes.I64), i32(lanes.SextTo64, 1).to(lanes.I64),
		i64(lanes.Trunc64, 1).to(lanes.I32), i64(lanes.Hi32, 1).to(lanes.I32), f64(lanes.Hi32, 1).to(lanes.I32),
		i32(lanes.Pack64, 2).to(lanes.I64), i32(lanes.Pack64, 2).to(lanes.F64),
		f32(lanes.Bitcast, 1).to(lanes.I32), i32(lanes.Bitcast, 1).to(lanes.F32),
		i64(lanes.Bitcast, 1).to(lanes.F64), f64(lanes.Bitcast, 1).to(lanes.I64))
	for _, c := range []lanes.Code{lanes.Add, lanes.Sub, lanes.Mul, lanes.UMulHi, lanes.SMulHi, lanes.UDiv, lanes.SDiv, lanes.UMod, lanes.SRem, lanes.SMod, lanes.And, lanes.Or, lanes.Xor, lanes.Shl,
		lanes.ShrU, lanes.ShrS, lanes.UMin, lanes.UMax, lanes.SMin, lanes.SMax} {
		cs = append(cs, i64(c, 2))
	}
	for _, c := range []lanes.Code{lanes.Not, lanes.Neg, lanes.SAbs, lanes.Copy} {
		cs = append(cs, i64(c, 1), f64(lanes.Copy, 1))
	}
	cs = append(cs, i64(lanes.Zext, 1).with(32), i64(lanes.Sext, 1).with(32))
	for _, stride := range []int64{0, 1, 2, 4, 12, 4096, 1 << 20, 1<<31 - 1} {
		cs = append(cs, i32(lanes.Index, 2).with(stride))
		c := opCase{code: lanes.Index, kind: lanes.I64, dk: lanes.I32, nargs: 2, imm: stride, setK: true}
		c.argK = [3]lanes.Kind{lanes.I32, lanes.I64, lanes.I64}
		cs = append(cs, c)
	}
	for i := range cs {
		for j := range cs[i].argK {
			if !cs[i].setK {
				cs[i].argK[j] = cs[i].kind
			}
		}
	}
	return cs
}

// agree runs p both ways (runBoth) and fails, naming what and printing p,
// where either traps or where the memories differ: every region, or only
// those named.
func agree(t *testing.T, what string, p *lanes.Program, mem [][]byte, groups int, regions ...int) {
	t.Helper()
	gm, nm, gt, nt := runBoth(t, p, mem, groups)
	if gt != nil || nt != nil {
		t.Fatalf("%s: traps: go %+v, native %+v\n%s", what, gt, nt, p)
	}
	if regions == nil {
		for r := range gm {
			regions = append(regions, r)
		}
	}
	for _, r := range regions {
		if i := firstDiff(gm[r], nm[r]); i >= 0 {
			t.Fatalf("%s: region %d differs from byte %d:\ngo     %x\nnative %x\n%s", what, r, i, gm[r][i:min(i+64, len(gm[r]))], nm[r][i:min(i+64, len(nm[r]))], p)
		}
	}
}

// firstDiff is the offset of the first byte where x and y differ, or -1.
func firstDiff(x, y []byte) int {
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			return i
		}
	}
	if len(x) != len(y) {
		return min(len(x), len(y))
	}
	return -1
}

// runBoth runs p with the Go executor and with native code on the same
// memories and returns both copies of them and both traps.
func runBoth(t *testing.T, p *lanes.Program, mem [][]byte, groups int) (goMem, natMem [][]byte, goTrap, natTrap *lanes.Trap) {
	t.Helper()
	k, err := Compile(p)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	cp := func() [][]byte {
		out := make([][]byte, len(mem))
		for i, m := range mem {
			if m != nil {
				out[i] = bytes.Clone(m)
			}
		}
		return out
	}
	goMem, natMem = cp(), cp()
	ex, nat := lanes.NewExec(p), k.NewRunner()
	for gi := range groups {
		g := &lanes.Group{ID: [3]uint32{uint32(gi), 0, 0}, NumGroups: [3]uint32{uint32(groups), 1, 1}, Memory: goMem}
		if goTrap = ex.RunGroup(g); goTrap != nil {
			break
		}
	}
	for gi := range groups {
		g := &lanes.Group{ID: [3]uint32{uint32(gi), 0, 0}, NumGroups: [3]uint32{uint32(groups), 1, 1}, Memory: natMem}
		if natTrap = nat.RunGroup(g); natTrap != nil {
			break
		}
	}
	return
}

// needAMD64 skips unless Compile makes x86-64 code: for tests of that
// code's own mechanisms (its shapes, its counters, its call-out set).
func needAMD64(t *testing.T) {
	t.Helper()
	if useNEON {
		t.Skip("tests the x86-64 code generator")
	}
	needNative(t)
}

// needNative skips unless Compile makes native code here: x86-64 with
// AVX2+FMA, or A64 (NEON) on arm64.
func needNative(t *testing.T) {
	if useNEON {
		return
	}
	if !amd64.HasAVX2FMA() {
		t.Skip("no AVX2+FMA")
	}
}

// TestOps runs every op the native tier compiles, on random and special
// operands, Varying and Uniform, against the Go executor, bit for bit.
func TestOps(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range append(opCases(), conv64Cases()...) {
		checkOpCase(t, rng, c)
	}
}

// checkOpCase runs op case c, every operand Varying or Uniform, on 20
// sets of random and special operands, as native code and with the Go
// executor: the results must agree bit for bit.
func checkOpCase(t *testing.T, rng *rand.Rand, c opCase) {
	t.Helper()
	const local = 61 // the last chunk has 5 lanes
	for uni := range 1 << c.nargs {
		p := buildOpProg(c, uni, local)
		if _, err := Compile(p); err != nil {
			t.Errorf("%v uni=%b: %v", c, uni, err)
			continue
		}
		for range 20 {
			mem := make([][]byte, 4)
			for j := 0; j < c.nargs; j++ {
				mem[j] = fill(rng, c.argK[j], 64, c.code)
			}
			mem[3] = make([]byte, 64*c.dk.Bytes())
			gm, nm, gt, nt := runBoth(t, p, mem, 1)
			if gt != nil || nt != nil {
				t.Fatalf("%v: traps: go %+v native %+v", c, gt, nt)
			}
			if l, ok := sameBits(c.dk, gm[3], nm[3]); !ok {
				n := c.dk.Bytes()
				var ops []string
				for j := 0; j < c.nargs; j++ {
					s := l * c.argK[j].Bytes()
					if uni&(1<<j) != 0 {
						s = 0
					}
					ops = append(ops, fmt.Sprintf("%x", mem[j][s:s+c.argK[j].Bytes()]))
				}
				t.Errorf("%v uni=%b lane %d: operands %v: go %x, native %x", c, uni, l, ops, gm[3][l*n:l*n+n], nm[3][l*n:l*n+n])
				break
			}
		}
	}
}

// conv64Cases are the conversions with a 64-bit integer on one side.
func conv64Cases() []opCase {
	cs := []opCase{i64(lanes.SToF, 1).to(lanes.F64), i64(lanes.UToF, 1).to(lanes.F64),
		i64(lanes.SToF, 1).to(lanes.F32), i64(lanes.UToF, 1).to(lanes.F32)}
	for _, w := range []int64{8, 16, 32, 64} {
		cs = append(cs, f32(lanes.FToS, 1).to(lanes.I64).with(w), f32(lanes.FToU, 1).to(lanes.I64).with(w),
			f64(lanes.FToS, 1).to(lanes.I64).with(w), f64(lanes.FToU, 1).to(lanes.I64).with(w))
	}
	for i := range cs {
		cs[i].argK = [3]lanes.Kind{cs[i].kind, cs[i].kind, cs[i].kind}
	}
	return cs
}

// TestIndexConstBase checks Index with a constant base (its own code)
// against the Go executor: bases up to the poison offset, strides from 1
// to 2^31-1, indices at the edges of the range.
func TestIndexConstBase(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(11, 12))
	for _, base := range []uint64{0, 4, 100, 0x7fffffff, 0x80000000, 0xfffffff0, 0xfffffffe, 0xffffffff} {
		for _, stride := range []int64{1, 2, 3, 4, 12, 64, 4096, 1<<31 - 1} {
			b := newProg(64)
			for range 4 {
				b.region(lanes.RegionBuffer, 0)
			}
			live, li := b.laneIDs()
			zero := b.konst(lanes.I32, 0)
			off := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 4})
			x := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
			d := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: d, A: b.konst(lanes.I32, base), B: x, C: nv, M: nv, Imm: stride})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: d, C: nv, M: live, Imm: 3, Imm2: 4})
			b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
			p := &b.p
			for range 5 {
				mem := make([][]byte, 4)
				mem[1] = fill(rng, lanes.I32, 64, 0)
				// Indices at the edges of the valid range.
				lo, hi := -(int64(base) / stride), (1<<32-2-int64(base))/stride
				for l := 0; l < 64; l += 3 {
					v := []int64{lo, lo - 1, hi, hi + 1, 0, -1}[rng.IntN(6)]
					binary.LittleEndian.PutUint32(mem[1][4*l:], uint32(int32(v)))
				}
				mem[3] = make([]byte, 4*64)
				gm, nm, gt, nt := runBoth(t, p, mem, 1)
				if gt != nil || nt != nil {
					t.Fatalf("traps %+v %+v", gt, nt)
				}
				if l, ok := sameBits(lanes.I32, gm[3], nm[3]); !ok {
					t.Fatalf("base %#x stride %d lane %d: index %#x: go %x, native %x", base, stride, l,
						mem[1][4*l:4*l+4], gm[3][4*l:4*l+4], nm[3][4*l:4*l+4])
				}
			}
		}
	}
}
