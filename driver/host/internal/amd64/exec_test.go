//go:build amd64 && !purego

package amd64

import (
	"testing"
	"unsafe"
)

// build assembles f's code into executable memory, freed at the test's end.
func build(t testing.TB, f func(a *Assembler)) *Code {
	t.Helper()
	var a Assembler
	f(&a)
	b, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Alloc(b)
	if err != nil {
		t.Skipf("no executable memory: %v", err)
	}
	t.Cleanup(func() {
		if err := c.Free(); err != nil {
			t.Error(err)
		}
	})
	return c
}

func needAVX2(t testing.TB) {
	if !HasAVX2FMA() {
		t.Skip("the CPU lacks AVX2/FMA")
	}
}

// TestCallReturn: the simplest function returns a constant through RAX and
// reads ctx from RDI.
func TestCallReturn(t *testing.T) {
	c := build(t, func(a *Assembler) {
		a.MOVQload(RAX, M(RDI, 8))
		a.ADDQimm(RAX, 1000)
		a.RET()
	})
	ctx := [2]uint64{1, 41}
	if got := Call(c.Addr(), unsafe.Pointer(&ctx)); got != 1041 {
		t.Fatalf("Call = %d, want 1041", got)
	}
}

// addCtx is the ctx of the int32x8 add: three array pointers and a count
// of 8-lane blocks.
type addCtx struct {
	x, y, z *int32
	n       int64
}

// genAdd emits z[i] = x[i] + y[i] for n blocks of 8 lanes.
func genAdd(a *Assembler) {
	loop, done := a.NewLabel(), a.NewLabel()
	a.MOVQload(RSI, M(RDI, 0))
	a.MOVQload(RDX, M(RDI, 8))
	a.MOVQload(RCX, M(RDI, 16))
	a.MOVQload(R8, M(RDI, 24))
	a.XORL(RAX, RAX)
	a.Bind(loop)
	a.CMPQ(RAX, R8)
	a.Jcc(CondGE, done)
	a.MOVQ(R9, RAX)
	a.SHLQimm(R9, 5)
	a.VMOVDQUload(Y1, MI(RSI, R9, 1, 0))
	a.VPADDDmem(Y1, Y1, MI(RDX, R9, 1, 0))
	a.VMOVDQUstore(MI(RCX, R9, 1, 0), Y1)
	a.INCQ(RAX)
	a.JMP(loop)
	a.Bind(done)
	a.VZEROUPPER()
	a.RET()
}

func TestExecAddInt32x8(t *testing.T) {
	needAVX2(t)
	c := build(t, genAdd)
	const n = 5
	x, y, z := make([]int32, 8*n), make([]int32, 8*n), make([]int32, 8*n)
	for i := range x {
		x[i] = int32(i*7919 - 100000)
		y[i] = int32(-i * 104729)
	}
	ctx := &addCtx{&x[0], &y[0], &z[0], n}
	if got := Call(c.Addr(), unsafe.Pointer(ctx)); got != n {
		t.Errorf("returned %d, want %d", got, n)
	}
	for i := range z {
		if z[i] != x[i]+y[i] {
			t.Fatalf("z[%d] = %d, want %d", i, z[i], x[i]+y[i])
		}
	}
}
