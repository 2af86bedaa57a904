package host_test

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/refcl"
)

// Random kernels whose int outputs depend on no float (kgen_test.go's
// intOnly form: wrapping arithmetic in uint, so that no compiler may
// assume signed overflow away; FP_CONTRACT OFF and no mix or dot, whose
// steps an implementation may fuse) run on the host driver, optimized,
// and on the reference OpenCL (PoCL); every output must agree bit for bit
// (a NaN with any NaN, -0 with +0: fmin and fmax may return either zero
// of two, and PoCL's choice differs from the host's). This checks the plain executor too, which the
// differential test takes as its reference. A bounded run by default;
// -hostpocl.n=N for more (-hostdiff.seed=S starts elsewhere).
var poclN = flag.Int("hostpocl.n", 4, "random kernels compared with the reference OpenCL")

func TestRandomKernelsMatchReference(t *testing.T) {
	ctx := refContext(t)
	defer ctx.Release()
	ia, fa := diffInputs()
	for s := *diffSeed; s < *diffSeed+int64(*poclN); s++ {
		ks := []kshape{{1, 1, false}, {4, 1, false}, {16, 1, false}, {64, 1, false}, {2, 2, true}, {8, 8, true}}[s%6]
		src := genKernelOf(s, ks, true)
		res, err := compiler.Compile(src, compiler.DefaultOptions())
		if err != nil {
			t.Fatalf("seed %d: compile: %v\n%s", s, err, src)
		}
		const n = 5
		got, err := runFz(res.SPIRV, ks, n, ia, fa)
		if err != nil {
			t.Fatalf("seed %d: host: %v\n%s", s, err, src)
		}
		want, err := referenceFz(ctx, src, ks, n, ia, fa)
		if err != nil {
			t.Fatalf("seed %d: reference: %v\n%s", s, err, src)
		}
		if bytes.Count(want[0], []byte{0, 0, 0, 0}) == len(want[0])/4 {
			t.Fatalf("seed %d: the reference wrote only zeros", s)
		}
		plusZeros(got[1])
		plusZeros(want[1])
		if d := firstDiff(got, want, "reference"); d != "" {
			t.Errorf("seed %d, %v: host and reference differ: %s\n%s", s, ks, d, src)
		}
	}
}

// plusZeros turns the float words -0 of b into +0.
func plusZeros(b []byte) {
	for w := 0; w+4 <= len(b); w += 4 {
		if binary.LittleEndian.Uint32(b[w:]) == 0x80000000 {
			binary.LittleEndian.PutUint32(b[w:], 0)
		}
	}
}

// referenceFz runs kernel fz of src on the reference OpenCL and returns
// its int and float outputs.
func referenceFz(ctx *refcl.Context, src string, ks kshape, n int32, ia, fa []byte) ([2][]byte, error) {
	var out [2][]byte
	p, err := ctx.Build(src, "")
	if err != nil {
		return out, err
	}
	defer p.Release()
	k, err := p.Kernel("fz")
	if err != nil {
		return out, err
	}
	defer k.Release()
	data := [][]byte{ia, fa, make([]byte, 4*kgGroup*kgOutI), make([]byte, 4*kgGroup*kgOutF)}
	var bufs []*refcl.Buffer
	for i, d := range data {
		b, err := ctx.NewBuffer(uint64(len(d)))
		if err != nil {
			return out, err
		}
		defer b.Release()
		if err := b.Write(0, d); err != nil {
			return out, err
		}
		if err := k.SetBuffer(i, b); err != nil {
			return out, err
		}
		bufs = append(bufs, b)
	}
	if err := k.SetBytes(4, binary.LittleEndian.AppendUint32(nil, uint32(n))); err != nil {
		return out, err
	}
	global, local := []uint64{kgGroup}, []uint64{uint64(ks.lx)}
	if ks.twoD {
		global, local = []uint64{8, 8}, []uint64{uint64(ks.lx), uint64(ks.ly)}
	}
	if _, err := ctx.Run(k, global, local); err != nil {
		return out, fmt.Errorf("run: %w", err)
	}
	for i := range out {
		out[i] = make([]byte, len(data[2+i]))
		if err := bufs[2+i].Read(0, out[i]); err != nil {
			return out, err
		}
	}
	return out, nil
}
