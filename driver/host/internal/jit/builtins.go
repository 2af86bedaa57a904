package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// builtin compiles the ops that read the group's and the lanes' ids: the
// per-lane ones from the chunk's chunkInfo, the per-group ones from ctx.
func (g *gen) builtin(o *lanes.Op) error {
	a := &g.a
	d := int32(o.Imm)
	if d < 0 || d > 2 {
		return errUnsupported("dimension out of range")
	}
	const x = amd64.Y0
	switch o.Code {
	case lanes.LocalID, lanes.LocalIndex, lanes.LiveLanes, lanes.GlobalID:
		off := offLocalID + d*4*chunk
		switch o.Code {
		case lanes.LocalIndex:
			off = offIndex
		case lanes.LiveLanes:
			off = offLive
		}
		base := rChunk // barrier.go
		if g.shape(o.Dst) == lanes.Uniform {
			// One row per chunk (lanes.Build made the id Uniform): lane
			// 0's id is every lane's.
			if o.Code != lanes.LocalID && o.Code != lanes.GlobalID {
				return errUnsupported("per-lane builtin into a Uniform value")
			}
			a.VPBROADCASTDload(x, amd64.M(base, off))
		} else {
			a.VMOVDQUload(x, amd64.M(base, off))
		}
		if o.Code == lanes.GlobalID {
			a.VPBROADCASTDload(amd64.Y1, amd64.M(rCtx, offGlobalBase+4*d))
			a.VPADDD(x, x, amd64.Y1)
		}
		g.st(o.Dst, x)
	case lanes.GroupID, lanes.NumGroups:
		off := offGroupID
		if o.Code == lanes.NumGroups {
			off = offNumGroups
		}
		a.VPBROADCASTDload(x, amd64.M(rCtx, off+4*d))
		g.st(o.Dst, x)
	case lanes.WorkgroupSize:
		a.VPBROADCASTDload(x, g.splat32(uint32(g.p.Local[d]))) // any copy will do
		g.st(o.Dst, x)
	}
	return nil
}
