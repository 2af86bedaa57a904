package arm64

import (
	"runtime"
	"testing"
	"unsafe"
)

// needExec skips unless this machine runs A64 code (arm64 Linux, or an
// arm64 test binary under qemu-user).
func needExec(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "arm64" || runtime.GOOS != "linux" {
		t.Skip("runs A64 code on linux/arm64 only")
	}
}

// TestCallVectors runs code that adds two vectors of four float32 and
// two of int32 read through the ctx, loops with a backward branch, and
// returns through X30: Call, Alloc and the cache maintenance together.
func TestCallVectors(t *testing.T) {
	needExec(t)
	var a Assembler
	// ctx: [0:16) x float32, [16:32) y float32, [32:48) out, [48:56) n.
	a.LDRQ(0, X0, 0)
	a.LDRQ(1, X0, 16)
	a.LDR(X9, X0, 48, Dword)
	loop := a.NewLabel()
	a.Bind(loop)
	a.Vop3(VFADD, S4, 0, 0, 1)
	a.SUBimm(X9, X9, 1, false)
	a.CBNZ(X9, false, loop)
	a.STRQ(0, X0, 32)
	a.RET()
	code, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Alloc(code)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Free()
	var ctx struct {
		x, y, out [4]float32
		n         uint64
	}
	ctx.x = [4]float32{1, 2, 3, 4}
	ctx.y = [4]float32{0.5, 0.25, -1, 8}
	ctx.n = 3
	ret := Call(c.Addr(), unsafe.Pointer(&ctx))
	want := [4]float32{2.5, 2.75, 0, 28}
	if ctx.out != want || uintptr(ret) != uintptr(unsafe.Pointer(&ctx)) {
		t.Fatalf("out %v ret %#x, want %v and the ctx", ctx.out, ret, want)
	}
}
