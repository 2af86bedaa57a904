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
	if o.Code == lanes.GlobalID {
		if g.op < len(g.gid.elide) && g.gid.elide[g.op] {
			return nil // its Add computes it (emitGlobalIDFold)
		}
		if g.emitGlobalIDFold(o) {
			return nil
		}
	}
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
		if g.shape(o.Dst) == lanes.Uniform && o.Code != lanes.LocalID && o.Code != lanes.GlobalID {
			return errUnsupported("per-lane builtin into a Uniform value")
		}
		// Straight into a cache register of the result where the cache
		// is on (no copy through Y0), else through Y0 and st.
		y, reg := x, -1
		if g.caching && g.direct.reads != nil {
			reg = g.claim(0)
			y = regOf(reg)
		}
		if g.shape(o.Dst) == lanes.Uniform {
			// One row per chunk (lanes.Build made the id Uniform): lane
			// 0's id is every lane's.
			a.VPBROADCASTDload(y, amd64.M(base, off))
		} else {
			a.VMOVDQUload(y, amd64.M(base, off))
		}
		if o.Code == lanes.GlobalID {
			a.VPBROADCASTDload(amd64.Y1, amd64.M(rCtx, offGlobalBase+4*d))
			a.VPADDD(y, y, amd64.Y1)
		}
		if reg >= 0 {
			g.finishDirect(o, [2]int{reg}, 1)
		} else {
			g.st(o.Dst, x)
		}
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

// A global id is the chunk's local ids (chunkInfo, through rChunk) plus
// the group's base (ctx.globalBase: group id times size plus the shift),
// and the compiler adds the global offset, a push constant, to it at
// once. Both the base and the offset are the same for the whole group,
// so their sum is one group vector (a full ymm in the group area,
// computed by the prologue), and the global id with its offset is two
// instructions into the cache register of its result: the local ids'
// load and one VPADDD of that vector. The GlobalID op whose only reader
// is such an Add emits nothing; the Add computes both. A GlobalID read
// otherwise adds the base alone the same way.

// gidFold is an op that computes a global id from a group vector.
type gidFold struct {
	dim  int32
	slot int32 // the group vector's offset from rGroup
}

// gidVec is a group vector: globalBase[dim] + u (u NoValue: none; a
// constant or a group value).
type gidVec struct {
	dim  int32
	u    lanes.Value
	slot int32
}

// gidInfo is what the code generator knows of the global ids.
type gidInfo struct {
	at    map[int]gidFold // by op index: an Add or a GlobalID
	elide []bool          // per op: a GlobalID its one reader computes
	vecs  []gidVec
}

// analyzeGlobalIDs finds the global ids computed from group vectors and
// places the vectors from off in the group area; it returns the area's
// new end. Runs after the group values are known (analyzeGroup).
func (g *gen) analyzeGlobalIDs(off int32) int32 {
	ops := g.p.Ops
	n := len(g.p.Values)
	writes := make([]int32, n)
	nReads := make([]int32, n)
	for i := range ops {
		o := &ops[i]
		for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			if v != lanes.NoValue && int(v) < n {
				nReads[v]++
			}
		}
		if o.Dst != lanes.NoValue && int(o.Dst) < n {
			writes[o.Dst]++
		}
	}
	info := gidInfo{at: map[int]gidFold{}, elide: make([]bool, len(ops))}
	slots := map[gidVec]int32{}
	vec := func(dim int32, u lanes.Value) int32 {
		k := gidVec{dim: dim, u: u}
		if s, ok := slots[k]; ok {
			return s
		}
		off = (off + 31) &^ 31
		k.slot = off
		slots[gidVec{dim: dim, u: u}] = off
		info.vecs = append(info.vecs, k)
		off += 32
		return k.slot
	}
	for i := range ops {
		o := &ops[i]
		if o.Code != lanes.GlobalID || o.Imm < 0 || o.Imm > 2 || o.Dst == lanes.NoValue || int(o.Dst) >= n ||
			g.kind(o.Dst) != lanes.I32 || g.calls[i] || g.group.def[i] {
			continue
		}
		dim, v := int32(o.Imm), o.Dst
		if j, u, ok := g.gidAddOf(i, v, writes, nReads); ok {
			info.elide[i] = true
			info.at[j] = gidFold{dim: dim, slot: vec(dim, u)}
			continue
		}
		info.at[i] = gidFold{dim: dim, slot: vec(dim, lanes.NoValue)}
	}
	g.gid = info
	return off
}

// gidAddOf finds the one reader of global id v (defined once, by op i)
// if it is an Add of v and a constant or a group value u, of v's shape,
// later in the same straight-line run: it returns the Add's index and u.
func (g *gen) gidAddOf(i int, v lanes.Value, writes, nReads []int32) (int, lanes.Value, bool) {
	if writes[v] != 1 || nReads[v] != 1 {
		return 0, lanes.NoValue, false
	}
	ops := g.p.Ops
	for j := i + 1; j < len(ops) && j <= i+16; j++ {
		o := &ops[j]
		if o.Code == lanes.Add && o.Kind == lanes.I32 && o.M == lanes.NoValue && (o.A == v) != (o.B == v) {
			u := o.B
			if o.B == v {
				u = o.A
			}
			_, inv := g.groupSlot(u)
			if !inv && !g.isConst(u) || g.calls[j] || g.group.def[j] || o.Dst == lanes.NoValue ||
				g.kind(o.Dst) != lanes.I32 || g.shape(o.Dst) != g.shape(v) {
				return 0, lanes.NoValue, false
			}
			return j, u, true
		}
		if reads(o, v) || o.Dst == v || endsRun(o.Code) || o.Code == lanes.Label {
			return 0, lanes.NoValue, false
		}
	}
	return 0, lanes.NoValue, false
}

// emitGIDVectors computes the group vectors, in the group prologue after
// the group values they add.
func (g *gen) emitGIDVectors() {
	a := &g.a
	for _, v := range g.gid.vecs {
		a.VPBROADCASTDload(amd64.Y0, amd64.M(rCtx, offGlobalBase+4*v.dim))
		switch {
		case v.u == lanes.NoValue:
		case g.isConst(v.u):
			a.VPADDDmem(amd64.Y0, amd64.Y0, g.splat32(uint32(g.p.Values[v.u].Bits)))
		default:
			a.VPBROADCASTDload(amd64.Y1, g.slot(v.u, 0))
			a.VPADDD(amd64.Y0, amd64.Y0, amd64.Y1)
		}
		a.VMOVDQUstore(amd64.M(rGroup, v.slot), amd64.Y0)
	}
}

// emitGlobalIDFold compiles op o (the current op), if it computes a
// global id from a group vector: the chunk's local ids plus the vector,
// straight into a cache register of o's result where the cache is on.
// It reports whether it did.
func (g *gen) emitGlobalIDFold(o *lanes.Op) bool {
	f, ok := g.gid.at[g.op]
	if !ok || g.p.Ops[g.op].Dst != o.Dst {
		return false
	}
	a := &g.a
	off := offLocalID + f.dim*4*chunk
	load := func(y amd64.Y) {
		if g.shape(o.Dst) == lanes.Uniform {
			a.VPBROADCASTDload(y, amd64.M(rChunk, off))
		} else {
			a.VMOVDQUload(y, amd64.M(rChunk, off))
		}
		a.VPADDDmem(y, y, amd64.M(rGroup, f.slot))
	}
	if !g.caching || g.direct.reads == nil {
		load(amd64.Y0)
		g.st(o.Dst, amd64.Y0)
		return true
	}
	i := g.claim(0)
	load(regOf(i))
	g.finishDirect(o, [2]int{i}, 1)
	return true
}
