package ulp

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/clgo/clgo/cl"
)

// ExactResult is what one exact builtin (or the conversions from one type
// to another) did on one device, over every width.
type ExactResult struct {
	// Name is the builtin, or convert_DST for conversions; Type the
	// operand (source) type.
	Name, Type string
	Device     string
	N, NFail   int
	Fails      []string // the first few
	Err        error
}

// OK reports whether every result was exact.
func (r *ExactResult) OK() bool { return r.Err == nil && r.NFail == 0 }

func (r *ExactResult) fail(s string) {
	r.NFail++
	if len(r.Fails) < keep {
		r.Fails = append(r.Fails, s)
	}
}

// ExactWidths are the vector widths of the exactness checks.
var ExactWidths = []int{1, 2, 3, 4, 8, 16}

// IntKernelSource is the program that runs f on operand type t at every
// width of ws: arguments a0.., results in out.
func IntKernelSource(f *IntFunc, t Scalar, ws []int) string {
	var sb strings.Builder
	rt := f.resultType(t)
	for _, w := range ws {
		var params, args []string
		for i := range f.Args {
			at := f.argType(t, i)
			params = append(params, fmt.Sprintf("global const %s *a%d", at.Name, i))
			args = append(args, loadOf(w, fmt.Sprint("a", i)))
		}
		params = append(params, fmt.Sprintf("global %s *out", rt.Name))
		fmt.Fprintf(&sb, "kernel void %s(%s) {\n  size_t i = get_global_id(0);\n%s}\n", kernelName(w),
			strings.Join(params, ", "), store(w, fmt.Sprintf("%s(%s)", f.Name, strings.Join(args, ", ")), "out"))
	}
	return sb.String()
}

func loadOf(w int, buf string) string {
	if w == 1 {
		return buf + "[i]"
	}
	return fmt.Sprintf("vload%d(i, %s)", w, buf)
}

// ConvKernelSource is the program that converts n src values to dst at
// width w: kernel k stores variant v's results at out + v*n.
func ConvKernelSource(src, dst Scalar, n, w int) string {
	var sb strings.Builder
	if src == SDouble || dst == SDouble {
		sb.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	}
	fmt.Fprintf(&sb, "kernel void k(global const %s *a, global %s *out) {\n  size_t i = get_global_id(0);\n", src.Name, dst.Name)
	for vi, v := range convVariants(dst) {
		call := fmt.Sprintf("convert_%s%s(%s)", vec(dst.Name, w), v, loadOf(w, "a"))
		sb.WriteString(store(w, call, fmt.Sprintf("(out + %d)", vi*n)))
	}
	sb.WriteString("}\n")
	return sb.String()
}

// packBits stores values of t's width little-endian.
func packBits(t Scalar, xs []uint64) []byte {
	size := t.Bits / 8
	b := make([]byte, len(xs)*size)
	for i, x := range xs {
		switch size {
		case 1:
			b[i] = byte(x)
		case 2:
			binary.LittleEndian.PutUint16(b[2*i:], uint16(x))
		case 4:
			binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
		default:
			binary.LittleEndian.PutUint64(b[8*i:], x)
		}
	}
	return b
}

func unpackBits(t Scalar, b []byte) []uint64 {
	size := t.Bits / 8
	out := make([]uint64, len(b)/size)
	for i := range out {
		switch size {
		case 1:
			out[i] = uint64(b[i])
		case 2:
			out[i] = uint64(binary.LittleEndian.Uint16(b[2*i:]))
		case 4:
			out[i] = uint64(binary.LittleEndian.Uint32(b[4*i:]))
		default:
			out[i] = binary.LittleEndian.Uint64(b[8*i:])
		}
	}
	return out
}

// build compiles src with options.
func (s *Session) build(src, opts string) (*cl.Program, error) {
	prog, err := s.ctx.CreateProgramWithSource(src)
	if err != nil {
		return nil, err
	}
	o := strings.TrimSpace(s.Options + " " + opts)
	if err := prog.Build(o); err != nil {
		log := prog.BuildLog(s.Dev)
		prog.Release()
		return nil, fmt.Errorf("%v\n%s", err, log)
	}
	return prog, nil
}

// launch runs kernel name over global items with byte buffers ins and an
// output buffer of outSize bytes, and returns the output.
func (s *Session) launch(prog *cl.Program, name string, global int, ins [][]byte, outSize int) ([]byte, error) {
	k, err := prog.CreateKernel(name)
	if err != nil {
		return nil, err
	}
	defer k.Release()
	var args []any
	var bufs []*cl.Buffer
	defer func() {
		for _, b := range bufs {
			b.Release()
		}
	}()
	for _, d := range append(ins, make([]byte, outSize)) {
		b, err := cl.CreateBufferFrom(s.ctx, 0, d)
		if err != nil {
			return nil, err
		}
		bufs = append(bufs, b)
		args = append(args, b)
	}
	if err := k.SetArgs(args...); err != nil {
		return nil, err
	}
	ctx := context.Background()
	ev, err := s.q.Run(ctx, k, cl.NDRange{Global: []uint64{uint64(global)}})
	if err != nil {
		return nil, err
	}
	if err := ev.Wait(ctx); err != nil {
		return nil, err
	}
	return cl.ReadAll[byte](ctx, s.q, bufs[len(bufs)-1])
}

// refMemo keeps references across devices (they cost more than a run
// for the exhaustive inputs).
var refMemo sync.Map // string → []uint64

func memoRefs(key string, f func() []uint64) []uint64 {
	if r, ok := refMemo.Load(key); ok {
		return r.([]uint64)
	}
	r := f()
	refMemo.Store(key, r)
	return r
}

// CheckInt runs f on operand type t over in at widths ws and compares
// every result with the reference.
func (s *Session) CheckInt(f *IntFunc, t Scalar, in *IntInputs, ws []int) *ExactResult {
	res := &ExactResult{Name: f.Name, Type: t.Name, Device: s.Dev.String()}
	n := in.Len()
	key := fmt.Sprintf("int/%s/%s/%d/%d", f.Name, t.Name, n, in.Args[0][n-1])
	refs := memoRefs(key, func() []uint64 { return intRefs(f, t, in) })
	ins := make([][]byte, f.Args)
	for i := range ins {
		ins[i] = packBits(f.argType(t, i), in.Args[i])
	}
	rt := f.resultType(t)
	for _, w := range ws {
		// One program per width: the host driver prepares a module's
		// kernels together.
		prog, err := s.build(IntKernelSource(f, t, []int{w}), f.Std)
		if err != nil {
			res.Err = err
			return res
		}
		m := widthItems(n, w)
		out, err := s.launch(prog, kernelName(w), m/w, ins, n*rt.Bits/8)
		prog.Release()
		if err != nil {
			res.Err = fmt.Errorf("width %d: %v", w, err)
			return res
		}
		for j, got := range unpackBits(rt, out)[:m] {
			res.N++
			if got != refs[j] {
				var as []string
				for i := range f.Args {
					as = append(as, fmtBits(f.argType(t, i), in.Args[i][j]))
				}
				res.fail(fmt.Sprintf("%s(%s) = %s, want %s (width %d)", f.Name, strings.Join(as, ", "),
					fmtBits(rt, got), fmtBits(rt, refs[j]), w))
			}
		}
	}
	return res
}

// VecPrefix bounds the inputs of vector widths: width 1 runs every
// input, the others the first VecPrefix (inputs begin with the edge and
// random cases, the exhaustive ones follow); the vector lowering is the
// same per component.
var VecPrefix = 4800

func widthItems(n, w int) int {
	if w == 1 || VecPrefix <= 0 || n <= VecPrefix {
		return n
	}
	return VecPrefix / 48 * 48
}

// fmtBits formats bits x as a value of t.
func fmtBits(t Scalar, x uint64) string {
	switch {
	case t.Float:
		return fmt.Sprintf("%g (%#x)", floatOf(t, x), x)
	case t.Signed:
		return fmt.Sprint(t.int64(x))
	}
	return fmt.Sprint(x & t.mask())
}

// CheckConvert converts src values in to every type of dsts at widths ws
// and compares every variant's results with the reference: one result per
// target type.
func (s *Session) CheckConvert(src Scalar, dsts []Scalar, in []uint64, ws []int) []*ExactResult {
	var results []*ExactResult
	for _, d := range dsts {
		results = append(results, &ExactResult{Name: "convert_" + d.Name, Type: src.Name, Device: s.Dev.String()})
	}
	n := len(in)
	ins := [][]byte{packBits(src, in)}
	for di, dst := range dsts {
		res := results[di]
		vs := convVariants(dst)
		key := fmt.Sprintf("conv/%s/%s/%d/%d", src.Name, dst.Name, n, in[n-1])
		refs := memoRefs(key, func() []uint64 {
			r := make([]uint64, 2*len(vs)*n)
			for vi, v := range vs {
				for j, x := range in {
					b, ok := convRef(src, dst, v, x)
					r[2*(vi*n+j)] = b
					if ok {
						r[2*(vi*n+j)+1] = 1
					}
				}
			}
			return r
		})
		for _, w := range ws {
			prog, err := s.build(ConvKernelSource(src, dst, n, w), "")
			if err != nil {
				res.Err = err
				break
			}
			m := widthItems(n, w)
			out, err := s.launch(prog, "k", m/w, ins, len(vs)*n*dst.Bits/8)
			prog.Release()
			if err != nil {
				res.Err = fmt.Errorf("width %d: %v", w, err)
				break
			}
			got := unpackBits(dst, out)
			for vi, v := range vs {
				for j := range m {
					want, defined := refs[2*(vi*n+j)], refs[2*(vi*n+j)+1] == 1
					if !defined {
						continue
					}
					res.N++
					g := got[vi*n+j]
					if g == want || convAccept(src, dst, in[j], g, want, s.Flushes(F32)) {
						continue
					}
					res.fail(fmt.Sprintf("convert_%s%s(%s %s) = %s, want %s (width %d)", vec(dst.Name, w), v,
						src.Name, fmtBits(src, in[j]), fmtBits(dst, g), fmtBits(dst, want), w))
				}
			}
		}
	}
	return results
}

// convAccept accepts any NaN for a NaN, and, where the device may flush
// float subnormals (ftz), what §7.5.3 allows it: a subnormal float result
// (or source) as a zero of its sign. Double subnormals are kept
// (CL_FP_DENORM is mandatory for double).
func convAccept(src, dst Scalar, x, got, want uint64, ftz bool) bool {
	flushes := func(t Scalar) bool { return ftz && t.Float && precOf(t) == F32 }
	if !dst.Float {
		// A subnormal source read as zero rounds as zero.
		return flushes(src) && precOf(src).isSubnormal(floatOf(src, x)) && got == 0
	}
	p := precOf(dst)
	g, w := floatOf(dst, got), floatOf(dst, want)
	if math.IsNaN(g) && math.IsNaN(w) {
		return true
	}
	if g == 0 && math.Signbit(g) == math.Signbit(w) && (flushes(dst) && p.isSubnormal(w) || flushes(src) && precOf(src).isSubnormal(floatOf(src, x))) {
		return true
	}
	return false
}

// ExactSampleInputs is the number of random operand tuples of the CI
// sample's exactness checks (after the exhaustive and edge ones);
// ExactFullInputs that of the full run.
const (
	ExactSampleInputs = 2000
	ExactFullInputs   = 200000
)
