//go:build amd64 && !purego

package amd64

import (
	"math/bits"
	"sync"
	"testing"
	"unsafe"
)

// TestExecScalar checks the division, bit-count, lane extract and
// pack instructions against Go.
func TestExecScalar(t *testing.T) {
	needAVX2(t)
	type ctxT struct {
		a, b       int64  // inputs
		quo, rem   int64  // idiv
		uquo, urem uint64 // div
		_, lz, tz  uint64 // of uint32(a)
		ext        uint64 // vpextrd of lane 2 of vec
		vec        v8     // input lanes
		_          [4]uint32
		pack       [16]uint16
	}
	c := build(t, func(a *Assembler) {
		a.MOVQ(R8, RDI)
		a.MOVQload(RAX, M(R8, 0))
		a.CQO()
		a.MOVQload(RCX, M(R8, 8))
		a.IDIVQ(RCX)
		a.MOVQstore(M(R8, 16), RAX)
		a.MOVQstore(M(R8, 24), RDX)
		a.MOVQload(RAX, M(R8, 0))
		a.XORL(RDX, RDX)
		a.DIVQ(RCX)
		a.MOVQstore(M(R8, 32), RAX)
		a.MOVQstore(M(R8, 40), RDX)
		a.MOVLload(R9, M(R8, 0))
		if HasLZCNT() {
			a.LZCNTL(R10, R9)
			a.MOVQstore(M(R8, 56), R10)
			a.TZCNTL(R10, R9)
			a.MOVQstore(M(R8, 64), R10)
		}
		a.VMOVDQUload(Y9, M(R8, 80))
		a.VPEXTRD(R11, Y9, 2)
		a.MOVQstore(M(R8, 72), R11)
		a.VPACKUSDW(Y11, Y9, Y9)
		a.VMOVDQUstore(M(R8, 128), Y11)
		a.VZEROUPPER()
		a.RET()
	})
	for _, in := range [][2]int64{{100, 7}, {-100, 7}, {0x123456789, -3}, {1 << 62, 1<<31 + 5}} {
		ctx := &ctxT{a: in[0], b: in[1], vec: v8{1, 0x10000, 0xfffe, 0xffffffff, 5, 6, 70000, 8}}
		Call(c.Addr(), unsafe.Pointer(ctx))
		if ctx.quo != in[0]/in[1] || ctx.rem != in[0]%in[1] {
			t.Errorf("idiv %d/%d = %d r %d", in[0], in[1], ctx.quo, ctx.rem)
		}
		if ctx.uquo != uint64(in[0])/uint64(in[1]) || ctx.urem != uint64(in[0])%uint64(in[1]) {
			t.Errorf("div %d/%d = %d r %d", uint64(in[0]), uint64(in[1]), ctx.uquo, ctx.urem)
		}
		x := uint32(in[0])
		if HasLZCNT() && (ctx.lz != uint64(bits.LeadingZeros32(x)) || ctx.tz != uint64(bits.TrailingZeros32(x))) {
			t.Errorf("lzcnt/tzcnt(%#x) = %d %d", x, ctx.lz, ctx.tz)
		}
		if ctx.ext != 0xfffe {
			t.Errorf("vpextrd = %#x, want 0xfffe", ctx.ext)
		}
		sat := func(v uint32) uint16 { return uint16(min(v, 0xffff)) }
		var want [16]uint16
		for h := 0; h < 2; h++ {
			for i := 0; i < 4; i++ {
				// vpackusdw saturates signed int32 to [0, 65535].
				v := ctx.vec[4*h+i]
				s := sat(v)
				if int32(v) < 0 {
					s = 0
				}
				want[8*h+i], want[8*h+4+i] = s, s
			}
		}
		if ctx.pack != want {
			t.Errorf("vpackusdw = %#x, want %#x", ctx.pack, want)
		}
	}
}

// TestExecLockXadd: LOCK XADD from many goroutines at once loses no
// update, and returns the old values (each exactly once).
func TestExecLockXadd(t *testing.T) {
	c := build(t, func(a *Assembler) {
		a.MOVQload(RSI, M(RDI, 0))
		a.MOVLimm(RAX, 1)
		a.LOCK()
		a.XADDLmem(M(RSI, 0), RAX)
		a.RET()
	})
	var counter uint32
	const G, N = 8, 5000
	seen := make([][]uint32, G)
	var wg sync.WaitGroup
	for g := 0; g < G; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			p := &counter
			for i := 0; i < N; i++ {
				seen[g] = append(seen[g], uint32(Call(c.Addr(), unsafe.Pointer(&p))))
			}
		}(g)
	}
	wg.Wait()
	if counter != G*N {
		t.Fatalf("counter = %d, want %d", counter, G*N)
	}
	got := make([]bool, G*N)
	for _, s := range seen {
		for _, v := range s {
			if got[v] {
				t.Fatalf("old value %d returned twice", v)
			}
			got[v] = true
		}
	}
}
