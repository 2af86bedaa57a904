package jit

import (
	"errors"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestCompileRefusesImages: a program with image ops compiles to no
// native code (refuseImages), so the kernel runs where Go code does.
func TestCompileRefusesImages(t *testing.T) {
	b := newProg(8)
	img := b.region(lanes.RegionImage, 0)
	x := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: x, A: nv, B: nv, C: nv, M: nv})
	m := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Kind: lanes.Mask, Dst: m, A: nv, B: nv, C: nv, M: nv})
	d := b.value(lanes.F32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.ImageFetch, Kind: lanes.I32, Dst: d, A: x, B: nv, C: nv, M: m, Imm: int64(img)})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	if _, err := Compile(&b.p); !errors.Is(err, lanes.ErrUnsupported) {
		t.Fatalf("Compile: %v, want ErrUnsupported", err)
	}
}
