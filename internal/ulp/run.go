package ulp

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/clgo/clgo/cl"
)

// Result is what one builtin in one format did on one device, over every
// width.
type Result struct {
	Func   *Func
	Prec   Prec
	Device string
	Bound  float64 // -1: none
	// MaxULP is the worst finite error seen, Worst the case.
	MaxULP float64
	Worst  string
	// Fails are cases beyond the bound (NFail in all, the first few
	// kept); EdgeFails cases that break §7.5's exact results (NaN,
	// infinities, signed zeros) or exact integer outputs.
	NFail, NEdgeFail int
	Fails, EdgeFails []string
	N                int   // results compared
	Err              error // the program did not build or run
	// FTZ: the device may flush subnormals in this format (§7.5.3), so
	// flushed inputs and results are accepted.
	FTZ bool
	// boundOf, where set, is the bound of input j (relaxed math); Bound
	// is then what the report shows (relaxedShown). Relaxed math also
	// implies -cl-no-signed-zeros: a zero's sign is free.
	boundOf func(j int, ref float64) float64
}

// OK reports whether the builtin met its bound and the edge cases.
func (r *Result) OK() bool { return r.Err == nil && r.NFail == 0 && r.NEdgeFail == 0 }

const keep = 5

func (r *Result) fail(edge bool, s string) {
	if edge {
		r.NEdgeFail++
		if len(r.EdgeFails) < keep {
			r.EdgeFails = append(r.EdgeFails, s)
		}
		return
	}
	r.NFail++
	if len(r.Fails) < keep {
		r.Fails = append(r.Fails, s)
	}
}

// Session runs kernels on one clgo device.
type Session struct {
	Dev *cl.Device
	ctx *cl.Context
	q   *cl.Queue
	// Options are the build options (e.g. -cl-fast-relaxed-math).
	Options string
	// Compile, when set, turns the kernel source into SPIR-V in place of
	// the device's build: to check a configuration the device's caps do
	// not choose (the library's fma where Fma fuses).
	Compile func(src string) ([]byte, error)
}

// NewSession opens a context and queue on dev.
func NewSession(dev *cl.Device) (*Session, error) {
	c, err := cl.CreateContext(dev)
	if err != nil {
		return nil, err
	}
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		c.Release()
		return nil, err
	}
	return &Session{Dev: dev, ctx: c, q: q}, nil
}

// Close releases the session's objects.
func (s *Session) Close() {
	s.q.Release()
	s.ctx.Release()
}

// HasDouble reports whether the device has fp64.
func (s *Session) HasDouble() bool {
	return strings.Contains(s.Dev.Info().Extensions, "cl_khr_fp64")
}

// HasHalf reports whether the device has cl_khr_fp16 (half overloads).
func (s *Session) HasHalf() bool {
	return slices.Contains(strings.Fields(s.Dev.Info().Extensions), "cl_khr_fp16")
}

// Flushes reports whether the device may flush subnormals of format p:
// float where it does not promise to keep them (driver.Caps
// DenormPreserve32; then it must not report CL_FP_DENORM, §7.5.3);
// never double, whose CL_FP_DENORM is mandatory (§4.4 of the cl_khr_fp64
// minimum DOUBLE_FP_CONFIG).
func (s *Session) Flushes(p Prec) bool {
	// Half subnormals may be flushed too: CL_DEVICE_HALF_FP_CONFIG has no
	// CL_FP_DENORM on clgo devices (docs/fp16.md).
	return p == F32 && !s.Dev.Driver().Info().Caps.DenormPreserve32 || p == F16
}

// Check runs f in format p over in at widths ws and compares every
// result with the reference.
func (s *Session) Check(f *Func, p Prec, in *Inputs, ws []int) *Result {
	res := &Result{Func: f, Prec: p, Device: s.Dev.String(), Bound: f.bound(p), FTZ: s.Flushes(p)}
	prog, err := s.program(KernelSource(f, p, ws))
	if err != nil {
		res.Err = err
		return res
	}
	defer prog.Release()
	if err := prog.Build(s.Options); err != nil {
		res.Err = fmt.Errorf("%v\n%s", err, prog.BuildLog(s.Dev))
		return res
	}
	if p == F32 && relaxedMode(s.Options) {
		if f.Geo {
			// Not in the relaxed table: no bound.
			res.Bound = -1
			res.boundOf = func(int, float64) float64 { return -1 }
		} else {
			in = relaxedInputs(f, p, in)
			res.Bound = relaxedShown(f, p)
			res.boundOf = func(j int, ref float64) float64 { return relaxedBound(f, p, in, j, ref) }
		}
	}
	refs := newRefCache(f, p, in, res.FTZ)
	for _, w := range widthsOf(f, ws) {
		out, out2, err := s.run(prog, f, p, in, w)
		if err != nil {
			res.Err = fmt.Errorf("width %d: %v", w, err)
			return res
		}
		if f.Geo {
			compareGeo(res, f, p, in, w, out)
			continue
		}
		for j := range out {
			compareOne(res, f, p, in, refs, j, w, out[j], out2)
		}
	}
	return res
}

// program makes the program of src: from source, or from s.Compile's
// SPIR-V.
func (s *Session) program(src string) (*cl.Program, error) {
	if s.Compile == nil {
		return s.ctx.CreateProgramWithSource(src)
	}
	spv, err := s.Compile(src)
	if err != nil {
		return nil, err
	}
	return s.ctx.CreateProgramWithIL(spv)
}

// run executes the width-w kernel; results come back as float64 (ints
// converted).
func (s *Session) run(prog *cl.Program, f *Func, p Prec, in *Inputs, w int) (out, out2 []float64, err error) {
	k, err := prog.CreateKernel(kernelName(w))
	if err != nil {
		return nil, nil, err
	}
	defer k.Release()
	n := in.Len()
	var bufs []*cl.Buffer
	defer func() {
		for _, b := range bufs {
			b.Release()
		}
	}()
	newBuf := func(data any) (*cl.Buffer, error) {
		var b *cl.Buffer
		var err error
		switch d := data.(type) {
		case []float32:
			b, err = cl.CreateBufferFrom(s.ctx, 0, d)
		case []float64:
			b, err = cl.CreateBufferFrom(s.ctx, 0, d)
		case []uint16:
			b, err = cl.CreateBufferFrom(s.ctx, 0, d)
		case []int32:
			b, err = cl.CreateBufferFrom(s.ctx, 0, d)
		}
		if err == nil {
			bufs = append(bufs, b)
		}
		return b, err
	}
	floats := func(xs []float64) any {
		switch p {
		case F64:
			return append([]float64(nil), xs...)
		case F16:
			v := make([]uint16, len(xs))
			for i, x := range xs {
				v[i] = halfBits(x)
			}
			return v
		}
		v := make([]float32, len(xs))
		for i, x := range xs {
			v[i] = float32(x)
		}
		return v
	}
	var args []any
	fi := 0
	for _, c := range f.Args {
		var d any
		if c == 'x' {
			d = floats(in.Float[fi])
			fi++
		} else {
			v := make([]int32, n)
			for i, x := range in.Int {
				v[i] = int32(x)
			}
			d = v
		}
		b, err := newBuf(d)
		if err != nil {
			return nil, nil, err
		}
		args = append(args, b)
	}
	nout := n
	if f.Geo && f.Name != "normalize" {
		nout = n / w
	}
	zeros := func(kind byte, m int) any {
		switch {
		case kind == 'i':
			return make([]int32, m)
		case p == F64:
			return make([]float64, m)
		case p == F16:
			return make([]uint16, m)
		}
		return make([]float32, m)
	}
	rk := byte('f')
	if f.IntResult {
		rk = 'i'
	}
	ob, err := newBuf(zeros(rk, nout))
	if err != nil {
		return nil, nil, err
	}
	args = append(args, ob)
	var ob2 *cl.Buffer
	if f.Out != 0 {
		if ob2, err = newBuf(zeros(f.Out, n)); err != nil {
			return nil, nil, err
		}
		args = append(args, ob2)
	}
	if err := k.SetArgs(args...); err != nil {
		return nil, nil, err
	}
	ctx := context.Background()
	ev, err := s.q.Run(ctx, k, cl.NDRange{Global: []uint64{uint64(n / w)}})
	if err != nil {
		return nil, nil, err
	}
	if err := ev.Wait(ctx); err != nil {
		return nil, nil, err
	}
	read := func(b *cl.Buffer, kind byte) ([]float64, error) {
		switch {
		case kind == 'i':
			v, err := cl.ReadAll[int32](ctx, s.q, b)
			out := make([]float64, len(v))
			for i, x := range v {
				out[i] = float64(x)
			}
			return out, err
		case p == F64:
			return cl.ReadAll[float64](ctx, s.q, b)
		case p == F16:
			v, err := cl.ReadAll[uint16](ctx, s.q, b)
			out := make([]float64, len(v))
			for i, x := range v {
				out[i] = halfValue(x)
			}
			return out, err
		}
		v, err := cl.ReadAll[float32](ctx, s.q, b)
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = float64(x)
		}
		return out, err
	}
	if out, err = read(ob, rk); err != nil {
		return nil, nil, err
	}
	if ob2 != nil {
		if out2, err = read(ob2, f.Out); err != nil {
			return nil, nil, err
		}
	}
	return out, out2, nil
}

// refCache holds the references of each input, computed once for all
// widths, with those of the inputs flushed to zero (a device that
// flushes subnormals may use them, §7.5.3).
type refCache struct {
	r, r2     []float64
	ftz, ftz2 []float64 // NaN-free only where an input is subnormal
	hasFTZ    []bool
}

func newRefCache(f *Func, p Prec, in *Inputs, ftz bool) *refCache {
	n := in.Len()
	c := &refCache{r: make([]float64, n), r2: make([]float64, n), ftz: make([]float64, n), ftz2: make([]float64, n), hasFTZ: make([]bool, n)}
	if f.Ref == nil {
		return c
	}
	a := make([]float64, len(in.Float))
	for j := 0; j < n; j++ {
		var k int64
		if in.Int != nil {
			k = in.Int[j]
		}
		sub := false
		for i := range a {
			a[i] = in.Float[i][j]
			sub = sub || p.isSubnormal(a[i])
		}
		c.r[j], c.r2[j] = f.Ref(a, k, p)
		if sub && ftz {
			for i := range a {
				if p.isSubnormal(a[i]) {
					a[i] = math.Copysign(0, a[i])
				}
			}
			c.ftz[j], c.ftz2[j] = f.Ref(a, k, p)
			c.hasFTZ[j] = true
		}
	}
	return c
}

// describe formats a case for the report.
func describe(f *Func, in *Inputs, j int, got, want float64, w int) string {
	var as []string
	fi := 0
	for _, c := range f.Args {
		if c == 'x' {
			as = append(as, fmt.Sprintf("%g", in.Float[fi][j]))
			fi++
		} else {
			as = append(as, fmt.Sprint(in.Int[j]))
		}
	}
	return fmt.Sprintf("%s(%s) = %g, want %.17g (width %d)", f.Name, strings.Join(as, ", "), got, want, w)
}

// compareOne checks result j (and its output argument).
func compareOne(res *Result, f *Func, p Prec, in *Inputs, c *refCache, j, w int, got float64, out2 []float64) {
	res.N++
	ref := c.r[j]
	if f.IntResult {
		if got != ref && !(c.hasFTZ[j] && got == c.ftz[j]) {
			res.fail(true, describe(f, in, j, got, ref, w))
		}
		return
	}
	e := errOf(f, p, got, ref, in, j, res.FTZ)
	if res.boundOf != nil && (got == 0 && ref == 0 || math.IsInf(e, 1) && res.Bound < 0) {
		e = 0 // no signed zeros; no exact special values without a bound
	}
	if c.hasFTZ[j] {
		e = math.Min(e, errFTZ(f, p, got, c.ftz[j], in, j))
	}
	bound, bound2 := res.Bound, f.bound2(p)
	if res.boundOf != nil {
		bound = res.boundOf(j, ref)
		bound2 = bound
	}
	record(res, f, p, in, j, w, got, ref, e, bound)
	if out2 == nil {
		return
	}
	g2, r2 := out2[j], c.r2[j]
	switch f.Out {
	case 'i':
		if !intOutOK(f, g2, r2) && !(c.hasFTZ[j] && intOutOK(f, g2, c.ftz2[j])) {
			res.fail(true, describe(f, in, j, g2, r2, w)+" (output argument)")
		}
	default:
		e2 := errOf(f, p, g2, r2, in, j, res.FTZ)
		if c.hasFTZ[j] {
			e2 = math.Min(e2, errFTZ(f, p, g2, c.ftz2[j], in, j))
		}
		record(res, f, p, in, j, w, g2, r2, e2, bound2)
	}
}

// intOutOK compares an int output: remquo needs the quotient's sign and
// 3 low bits (§6.15.2), the others exactly.
func intOutOK(f *Func, got, want float64) bool {
	if math.IsNaN(want) {
		return true // unspecified
	}
	if f.Name == "remquo" {
		g, w := int64(got), int64(want)
		return (g < 0) == (w < 0) && (abs64(g)&7) == (abs64(w)&7) || g == 0 && w == 0
	}
	return got == want
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// errOf is the error in ulps, infinite where §7.5 requires an exact
// special value (NaN, infinity, the sign of a zero) that got misses. ftz
// accepts a subnormal result flushed to zero (§7.5.3).
func errOf(f *Func, p Prec, got, ref float64, in *Inputs, j int, ftz bool) float64 {
	if f.Name == "mad" {
		// mad is fma, or a multiply and an add each correctly rounded.
		a, b, c := in.Float[0][j], in.Float[1][j], in.Float[2][j]
		if alt := p.round(p.round(a*b) + c); got == alt || math.IsNaN(got) && math.IsNaN(alt) {
			return 0
		}
	}
	if ref == 0 && got == 0 && math.Signbit(ref) != math.Signbit(got) {
		switch f.Name {
		case "fmin", "fmax", "minmag", "maxmag":
			// C99 F.9.9.2 leaves the sign of fmax(-0, +0) open.
			return 0
		}
		return math.Inf(1)
	}
	e := p.errULP(got, ref)
	if ftz && got == 0 && (p.isSubnormal(p.round(ref)) || p.isSubnormal(ref)) {
		// A subnormal result may be flushed (§7.5.3).
		e = 0
	}
	return e
}

// errFTZ is errOf against the reference of the inputs flushed to zero,
// where the sign of a zero result is undefined (§7.5.3).
func errFTZ(f *Func, p Prec, got, ref float64, in *Inputs, j int) float64 {
	if got == 0 && ref == 0 {
		return 0
	}
	return errOf(f, p, got, ref, in, j, true)
}

// flushed is xs with its subnormals of format p as zeros, and whether it
// had any.
func flushed(p Prec, xs []float64) ([]float64, bool) {
	out := append([]float64(nil), xs...)
	had := false
	for i, x := range out {
		if p.isSubnormal(x) {
			out[i], had = math.Copysign(0, x), true
		}
	}
	return out, had
}

func record(res *Result, f *Func, p Prec, in *Inputs, j, w int, got, ref, e, bound float64) {
	switch {
	case math.IsInf(e, 1):
		res.fail(true, describe(f, in, j, got, ref, w))
	case bound >= 0 && e > bound+1e-6:
		res.fail(false, describe(f, in, j, got, ref, w)+fmt.Sprintf(": %.3g ulp", e))
		fallthrough
	default:
		if e > res.MaxULP || res.Worst == "" && e > 0 {
			res.MaxULP = e
			res.Worst = describe(f, in, j, got, ref, w)
		}
	}
}

// compareGeo checks a geometric function's lanes of width w.
func compareGeo(res *Result, f *Func, p Prec, in *Inputs, w int, out []float64) {
	lanes := in.Len() / w
	for l := 0; l < lanes; l++ {
		a := in.Float[0][l*w : l*w+w]
		var b []float64
		if len(in.Float) > 1 {
			b = in.Float[1][l*w : l*w+w]
		}
		ref := geoRef(f.Name, a, b)
		// A device that flushes may read subnormal elements as zeros
		// (§7.5.3).
		var ftzRef []float64
		if res.FTZ {
			fa, sa := flushed(p, a)
			fb, sb := flushed(p, b)
			if sa || sb {
				if b == nil {
					fb = nil
				}
				ftzRef = geoRef(f.Name, fa, fb)
			}
		}
		got := out[l : l+1]
		if f.Name == "normalize" {
			got = out[l*w : l*w+w]
		}
		for i := range ref {
			res.N++
			e := errOf(f, p, got[i], ref[i], in, l*w, res.FTZ)
			if ftzRef != nil {
				e = math.Min(e, errFTZ(f, p, got[i], ftzRef[i], in, l*w))
			}
			if res.boundOf != nil && math.IsInf(e, 1) {
				e = 0 // relaxed math: no exact special values without a bound
			}
			if math.IsInf(e, 1) || res.Bound >= 0 && e > res.Bound+1e-6 || e > res.MaxULP {
				d := fmt.Sprintf("%s(%v", f.Name, a)
				if b != nil {
					d += fmt.Sprintf(", %v", b)
				}
				d += fmt.Sprintf(")[%d] = %g, want %.17g (width %d)", i, got[i], ref[i], w)
				switch {
				case math.IsInf(e, 1):
					res.fail(true, d)
				case res.Bound >= 0 && e > res.Bound+1e-6:
					res.fail(false, d+fmt.Sprintf(": %.3g ulp", e))
				}
				if !math.IsInf(e, 1) && e > res.MaxULP {
					res.MaxULP, res.Worst = e, d
				}
			}
		}
	}
}
