package jit

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Integer compares in the register cache. Through emit32 a compare
// copied both operands into Y0 and Y1, compared there and copied the
// mask out again: a border test such as stencil2d's
// `x == 0 || y == 0 || x == w-1 || y == h-1` spent most of its
// instructions on those copies. Here (emitDirect's path) a 32-bit
// Eq, Ne, SLt or SLe reads its operands where the cache holds them,
// takes a constant operand from the pool as a memory operand where the
// instruction allows one, and writes the mask (all ones or zero per
// lane, as emit32's) straight into the cache register of its Dst.

// directCompare reports whether o is a compare that emitDirect compiles:
// 32-bit integer operands and a mask result.
func (g *gen) directCompare(o *lanes.Op) bool {
	switch o.Code {
	case lanes.Eq, lanes.Ne, lanes.SLt, lanes.SLe:
		return o.Kind == lanes.I32 && g.kind(o.A) == lanes.I32 && g.kind(o.B) == lanes.I32 &&
			g.kind(o.Dst) == lanes.Mask
	}
	return false
}

// isCompare reports whether c is one of directCompare's codes.
func isCompare(c lanes.Code) bool {
	switch c {
	case lanes.Eq, lanes.Ne, lanes.SLt, lanes.SLe:
		return true
	}
	return false
}

// compareRegs is d = (x c y) per 32-bit lane; d is neither x nor y.
func (g *gen) compareRegs(c lanes.Code, d, x, y amd64.Y) {
	a := &g.a
	switch c {
	case lanes.Eq:
		a.VPCMPEQD(d, x, y)
	case lanes.Ne:
		a.VPCMPEQD(d, x, y)
		a.VPXORmem(d, d, g.splat32(math.MaxUint32))
	case lanes.SLt: // y > x
		a.VPCMPGTD(d, y, x)
	case lanes.SLe: // !(x > y)
		a.VPCMPGTD(d, x, y)
		a.VPXORmem(d, d, g.splat32(math.MaxUint32))
	}
}

// compareConst is d = (x c k) per 32-bit lane for the constant k; d is
// not x.
func (g *gen) compareConst(c lanes.Code, d, x amd64.Y, k uint32) {
	a := &g.a
	switch c {
	case lanes.Eq:
		a.VPCMPEQDmem(d, x, g.splat32(k))
	case lanes.Ne:
		a.VPCMPEQDmem(d, x, g.splat32(k))
		a.VPXORmem(d, d, g.splat32(math.MaxUint32))
	case lanes.SLt: // k > x: k must be the register operand
		a.VMOVDQUload(d, g.splat32(k))
		a.VPCMPGTD(d, d, x)
	case lanes.SLe: // !(x > k)
		a.VPCMPGTDmem(d, x, g.splat32(k))
		a.VPXORmem(d, d, g.splat32(math.MaxUint32))
	}
}
