//go:build amd64 && !purego

package amd64

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
)

// stressCtx is the ctx of genStress.
type stressCtx struct {
	x, y    [8]int32
	n       int64
	_       int64
	_       [2]int64
	sum, xr [8]int32
}

// genStress loops n times: pushes and pops 64 bytes, clobbers RBX, RBP and
// R12-R15 (R14 is Go's g register, RBP its frame pointer) and Y15 (X15 is
// Go's zero register), sum += y, xr ^= sum; then stores sum and xr.
func genStress(a *Assembler) {
	loop := a.NewLabel()
	a.VMOVDQUload(Y0, M(RDI, 0))
	a.VMOVDQUload(Y1, M(RDI, 32))
	a.VPXOR(Y15, Y15, Y15)
	a.MOVQload(RCX, M(RDI, 64))
	a.Bind(loop)
	for _, r := range []R{RBX, RBP, R12, R13, R14, R15, RSI, RDI} {
		a.PUSHQ(r)
	}
	a.MOVQimm(RBP, -1)
	a.MOVQimm(R14, 0x0badc0de)
	a.MOVQ(R12, RCX)
	a.MOVQ(R13, RCX)
	a.MOVQ(R15, RSP)
	a.XORL(RBX, RBX)
	a.XORL(RSI, RSI)
	a.XORL(RDI, RDI)
	for _, r := range []R{RDI, RSI, R15, R14, R13, R12, RBP, RBX} {
		a.POPQ(r)
	}
	a.VPADDD(Y0, Y0, Y1)
	a.VPXOR(Y15, Y15, Y0)
	a.DECQ(RCX)
	a.Jcc(CondNE, loop)
	a.VMOVDQUstore(M(RDI, 96), Y0)
	a.VMOVDQUstore(M(RDI, 128), Y15)
	a.MOVQimm(RBP, 0x5eed)
	a.MOVQimm(R14, 0)
	a.MOVLimm(RAX, 42)
	a.VZEROUPPER()
	a.RET()
}

// TestCallStress calls generated code in tight loops from many goroutines
// while the GC runs and the CPU profiler samples (so SIGPROF and SIGURG
// land in generated code), checking every result.
func TestCallStress(t *testing.T) {
	needAVX2(t)
	c := build(t, genStress)
	var prof bytes.Buffer
	if err := pprof.StartCPUProfile(&prof); err != nil {
		t.Logf("no CPU profile: %v", err)
	} else {
		defer pprof.StopCPUProfile()
	}
	stop := make(chan struct{})
	var gcs atomic.Int64
	var bg sync.WaitGroup
	bg.Add(2)
	go func() { // the collector, again and again
		defer bg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
				gcs.Add(1)
			}
		}
	}()
	go func() { // garbage, so that the GC has work and assists
		defer bg.Done()
		var keep [][]byte
		for {
			select {
			case <-stop:
				return
			default:
				keep = append(keep, make([]byte, 4096))
				if len(keep) > 256 {
					keep = nil
				}
			}
		}
	}()
	workers := 4 * runtime.GOMAXPROCS(0)
	dur := 700 * time.Millisecond
	if testing.Short() {
		dur = 150 * time.Millisecond
	}
	deadline := time.Now().Add(dur)
	var calls atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; time.Now().Before(deadline); i++ {
				ctx := &stressCtx{n: int64(1 + (i*7+w)%3000)}
				for k := range ctx.x {
					ctx.x[k] = int32(w*1000 + i + k)
					ctx.y[k] = int32(k*k - 3*w + i)
				}
				if r := Call(c.Addr(), unsafe.Pointer(ctx)); r != 42 {
					errs <- "returned wrong RAX"
					return
				}
				sum, xr := ctx.x, [8]int32{}
				for j := int64(0); j < ctx.n; j++ {
					for k := range sum {
						sum[k] += ctx.y[k]
						xr[k] ^= sum[k]
					}
				}
				if sum != ctx.sum || xr != ctx.xr {
					errs <- "wrong sum or xor"
					return
				}
				calls.Add(1)
			}
		}(w)
	}
	wg.Wait()
	close(stop)
	bg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d calls from %d goroutines, %d GC cycles", calls.Load(), workers, gcs.Load())
	pprof.StopCPUProfile()
	if prof.Len() > 0 {
		// Samples that land in generated code are charged to
		// runtime._ExternalCode (see the package comment); how many land
		// there depends on the machine's load, so this is only reported.
		zr, err := gzip.NewReader(&prof)
		if err != nil {
			t.Fatal(err)
		}
		p, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("CPU profile: %d bytes, samples in generated code: %v", len(p), bytes.Contains(p, []byte("runtime._ExternalCode")))
	}
}
