package host_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// The differential tests (tierdiff_test.go, pocl_test.go): random kernels
// (kgen_test.go) run in one and two dimensions at several work-group
// sizes on two tiers, or on the host and PoCL; every output word must
// agree bit for bit (a NaN with any NaN). A bounded run by default;
// longer with -hostdiff.n=N (and -hostdiff.seed=S to start elsewhere).
var (
	diffN    = flag.Int("hostdiff.n", 40, "random kernels the differential test runs")
	diffSeed = flag.Int64("hostdiff.seed", 1, "the differential test's first seed")
)

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

// runFz runs kernel fz over kgGroup lanes on the tier CLGO_HOST_TIER
// names, and returns its int and float outputs.
func runFz(code []byte, ks kshape, n int32, ia, fa []byte) ([2][]byte, error) {
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
