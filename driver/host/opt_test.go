package host_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// The differential test: random kernels (kgen_test.go) run with every
// Prepare optimization and
// with none (CLGO_HOST_OPT=0), in one and two dimensions at several
// work-group sizes; every output word must agree bit for bit (a NaN with
// any NaN). So must a random half of the optimizations, each of which
// must stand without the others. A disagreement names the seed, the
// optimizations whose removal alone repairs it and those that alone
// cause it, and prints the kernel. A bounded run by default; longer with
// -hostdiff.n=N (and -hostdiff.seed=S to start elsewhere).
var (
	diffN    = flag.Int("hostdiff.n", 40, "random kernels the differential test runs")
	diffSeed = flag.Int64("hostdiff.seed", 1, "the differential test's first seed")
)

func TestOptimizedMatchesPlain(t *testing.T) {
	n := *diffN
	if testing.Short() {
		n = min(n, 10)
	}
	ia, fa := diffInputs()
	defer host.ShareAll()()
	failed := 0
	for s := *diffSeed; s < *diffSeed+int64(n) && failed < 3; s++ {
		ks := []kshape{{1, 1, false}, {2, 1, false}, {8, 1, false}, {16, 1, false}, {64, 1, false},
			{2, 2, true}, {4, 2, true}, {1, 4, true}, {8, 8, true}}[s%9]
		src := genKernel(s, ks)
		res, err := compiler.Compile(src, compiler.DefaultOptions())
		if err != nil {
			t.Fatalf("seed %d: compile: %v\n%s", s, err, src)
		}
		for _, nv := range []int32{3, 6} {
			want, err := runFz(res.SPIRV, "0", ks, nv, ia, fa)
			if err != nil {
				t.Fatalf("seed %d, n %d, plain: %v\n%s", s, nv, err, src)
			}
			// Every optimization, then (once per kernel) a random few:
			// each must stand without the others.
			opts := "1"
			if nv == 6 {
				opts = randomOpts(s)
			}
			got, err := runFz(res.SPIRV, opts, ks, nv, ia, fa)
			if err != nil {
				t.Fatalf("seed %d, n %d, CLGO_HOST_OPT=%s: %v\n%s", s, nv, opts, err, src)
			}
			if d := firstDiff(got, want, "plain"); d != "" {
				failed++
				t.Errorf("seed %d, %v, n %d: CLGO_HOST_OPT=%s and plain differ: %s\n%s\n%s",
					s, ks, nv, opts, d, blame(res.SPIRV, ks, nv, ia, fa, want), src)
				break
			}
		}
	}
}

// randomOpts returns a CLGO_HOST_OPT value that leaves on a random half
// of the optimizations.
func randomOpts(seed int64) string {
	r := rand.New(rand.NewSource(seed))
	opts := "0"
	for _, name := range host.OptNames {
		if r.Intn(2) == 0 {
			opts += ",+" + name
		}
	}
	return opts
}

// diffInputs returns the kernels' int and float inputs: scattered bits,
// and floats of many magnitudes with an infinity, zeros and subnormals.
func diffInputs() (ia, fa []byte) {
	ia, fa = make([]byte, 4*kgIn), make([]byte, 4*kgIn)
	for i := range kgIn {
		x := uint32(i)*2654435761 ^ 0x5bd1e995
		binary.LittleEndian.PutUint32(ia[4*i:], x>>uint(i%29))
		f := float32(int32(x))/float32(1<<27) + float32(i%7)*0.25
		switch i % 61 {
		case 13:
			f = float32(math.Inf(1))
		case 29:
			f = 0
		case 47:
			f = -1e-40 // a subnormal
		}
		binary.LittleEndian.PutUint32(fa[4*i:], math.Float32bits(f))
	}
	return ia, fa
}

// runFz runs kernel fz over kgGroup lanes with the optimizations that
// CLGO_HOST_OPT=opts leaves, and returns its int and float outputs.
func runFz(code []byte, opts string, ks kshape, n int32, ia, fa []byte) ([2][]byte, error) {
	restore := host.SetOpts(opts)
	defer restore()
	var out [2][]byte
	dev := host.NewDevice()
	p, err := dev.BuildProgram(code)
	if err != nil {
		return out, err
	}
	k, err := p.Kernel("fz")
	if err != nil {
		return out, err
	}
	q, err := dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		return out, err
	}
	defer q.Release()
	data := [][]byte{ia, fa, make([]byte, 4*kgGroup*kgOutI), make([]byte, 4*kgGroup*kgOutF)}
	var args []driver.Arg
	var bufs []driver.Buffer
	for _, d := range data {
		b, err := dev.NewBuffer(uint64(len(d)))
		if err != nil {
			return out, err
		}
		copy(b.(interface{ HostBytes() []byte }).HostBytes(), d)
		bufs = append(bufs, b)
		args = append(args, driver.Arg{Kind: driver.ArgBuffer, Buffer: b})
	}
	args = append(args, driver.Arg{Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, uint32(n))})
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{kgGroup, 1, 1}, [3]uint64{uint64(ks.lx), 1, 1})
	if ks.twoD {
		nd = driver.Uniform(2, [3]uint64{}, [3]uint64{8, 8, 1}, [3]uint64{uint64(ks.lx), uint64(ks.ly), 1})
	}
	ev, err := q.Dispatch(context.Background(), k, args,
		nd, nil)
	if err != nil {
		return out, err
	}
	if err := ev.Wait(context.Background()); err != nil {
		return out, err
	}
	for i := range 2 {
		out[i] = bytes.Clone(bufs[2+i].(interface{ HostBytes() []byte }).HostBytes())
	}
	return out, nil
}

// isNaN32 says whether float bits are a NaN. OpenCL leaves NaNs' sign
// and payload open, and which of two NaN operands an operation returns
// follows the operand order the hardware instruction takes: a NaN is
// equal to any NaN here, every other value bit for bit.
func isNaN32(b uint32) bool { return b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 }

// firstDiff describes the first output word that differs, or is "".
func firstDiff(got, want [2][]byte, wantName string) string {
	for i, per := range [2]int{kgOutI, kgOutF} {
		for w := 0; w+4 <= len(want[i]); w += 4 {
			g, x := binary.LittleEndian.Uint32(got[i][w:]), binary.LittleEndian.Uint32(want[i][w:])
			if g == x || i == 1 && isNaN32(g) && isNaN32(x) {
				continue
			}
			lane, slot := w/4/per, w/4%per
			if i == 0 {
				return fmt.Sprintf("lane %d, int output %d: %d, %s %d", lane, slot, int32(g), wantName, int32(x))
			}
			return fmt.Sprintf("lane %d, float output %d: %v (%#08x), %s %v (%#08x)", lane, slot,
				math.Float32frombits(g), g, wantName, math.Float32frombits(x), x)
		}
	}
	return ""
}

// blame names the optimizations whose removal alone makes the run agree
// with the plain one, and those that alone make it disagree.
func blame(code []byte, ks kshape, n int32, ia, fa []byte, want [2][]byte) string {
	var repair, cause []string
	for _, name := range host.OptNames {
		if got, err := runFz(code, "-"+name, ks, n, ia, fa); err == nil && firstDiff(got, want, "plain") == "" {
			repair = append(repair, name)
		}
		if got, err := runFz(code, "0,+"+name, ks, n, ia, fa); err == nil && firstDiff(got, want, "plain") != "" {
			cause = append(cause, name)
		}
	}
	return fmt.Sprintf("turning off [%s] alone repairs it; [%s] alone breaks it", strings.Join(repair, " "), strings.Join(cause, " "))
}
