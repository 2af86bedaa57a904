//go:build (linux || darwin) && amd64 && !purego

package amd64

import (
	"syscall"
	"testing"
	"unsafe"
)

// TestExecMaskedGuardPage checks what the native tier's bounds handling
// relies on: VPMASKMOVD loads and stores of a chunk whose masked-off lanes
// lie in an inaccessible page do not fault, and touch only active lanes.
func TestExecMaskedGuardPage(t *testing.T) {
	needAVX2(t)
	page := syscall.Getpagesize()
	m, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Skip(err)
	}
	defer syscall.Munmap(m)
	if err := syscall.Mprotect(m[page:], syscall.PROT_NONE); err != nil {
		t.Skip(err)
	}
	// Lanes 0-3 are the last 16 bytes of the accessible page; 4-7 would be
	// in the guard page.
	base := unsafe.Pointer(&m[page-16])
	for i := range 4 {
		*(*uint32)(unsafe.Add(base, 4*i)) = uint32(100 + i)
	}
	type ctxT struct {
		p          unsafe.Pointer
		mask, load v8
	}
	c := build(t, func(a *Assembler) {
		a.MOVQload(RSI, M(RDI, 0))
		a.VMOVDQUload(Y1, M(RDI, 8))
		a.VPMASKMOVDload(Y0, Y1, M(RSI, 0))
		a.VMOVDQUstore(M(RDI, 40), Y0)
		a.VPADDD(Y0, Y0, Y0)
		a.VPMASKMOVDstore(M(RSI, 0), Y1, Y0)
		a.VZEROUPPER()
		a.RET()
	})
	ctx := &ctxT{p: base, mask: v8{^uint32(0), ^uint32(0), 0, ^uint32(0), 0, 0, 0, 0}}
	Call(c.Addr(), unsafe.Pointer(ctx))
	if want := (v8{100, 101, 0, 103}); ctx.load != want {
		t.Errorf("masked load = %v, want %v", ctx.load, want)
	}
	got := *(*[4]uint32)(base)
	if want := [4]uint32{200, 202, 102, 206}; got != want {
		t.Errorf("after masked store: %v, want %v", got, want)
	}
}
