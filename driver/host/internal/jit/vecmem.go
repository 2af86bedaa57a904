package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Vectors kept in memory order. A run of n 4-byte components at a lane
// stride of 4n bytes (a float4 array, vload4, a float2 array, a float8)
// is a chunk of 32n contiguous bytes: component k of lane l at byte
// 4(l*n + k). The fast path loads it as n ymm registers and transposes
// them into the n component values, and a store run transposes back.
// Where every value computed from the loaded components is an element-wise
// op applied alike to each component (the same op, the same Uniform
// operands: v*s + 1 of a float4) and ends in a store run of the same
// shape, the transposes cancel: component k's slot may as well hold the
// chunk's k-th 32 bytes (lanes and components mixed), since op k only
// ever meets slot k of other such values. Such runs ("memory order")
// load and store the n registers as they are.
//
// The one-by-one paths keep the ops' meaning: a memory-order load's
// one-by-one code fills the slots lane by lane and then reorders them
// into memory order (vecToMem), and a memory-order store's one-by-one
// code first reorders its values into lane order (vecToLanes), stores,
// and reorders them back (another store may read them). Both go through
// a scratch area of the frame (vecScratch bytes). A store takes the fast
// path only with every lane of its mask active.

// vecScratch is the frame bytes the reorders use: 16 components.
const vecScratch = 32 * 16

// memOrder is the memory-order analysis' result.
type memOrder struct {
	run map[int]bool // by a run's first op: the run is in memory order
	// done: memory-order loads emitted so far, by first op; a memory-order
	// store checks that every load of its flow was (else the layouts
	// would differ).
	done  map[int]bool
	loads map[int][]int // by a store's first op: the loads of its flow
}

// memOrderOK reports whether run v (found at prefix pre) can be in
// memory order: 4-byte components at a lane stride of their bytes, and
// certain to be compiled as a run (emitVecRun) when the code reaches pre.
func (g *gen) memOrderOK(pre int, v vecRun) bool {
	n := v.end - v.run
	return v.size == 4 && v.stride == int64(4*n) && n <= 16 &&
		!g.callsIn(pre, v.end) && !g.fuse.elide[pre]
}

// memElementwise reports whether op code c acts on each lane alone,
// 4-byte kinds to 4-byte kinds, without traps.
func memElementwise(c lanes.Code) bool {
	switch c {
	case lanes.Copy, lanes.Add, lanes.Sub, lanes.Mul, lanes.UMulHi, lanes.SMulHi, lanes.And, lanes.Or,
		lanes.Xor, lanes.Not, lanes.Neg, lanes.Shl, lanes.ShrU, lanes.ShrS, lanes.UMin, lanes.UMax,
		lanes.SMin, lanes.SMax, lanes.SAbs, lanes.FAdd, lanes.FSub, lanes.FMul, lanes.FDiv, lanes.FNeg,
		lanes.FMin, lanes.FMax, lanes.Fma, lanes.FAbs, lanes.Sqrt, lanes.Floor, lanes.Ceil, lanes.Trunc,
		lanes.RoundEven, lanes.SToF, lanes.UToF, lanes.FToS, lanes.FToU, lanes.Bitcast:
		return true
	}
	return false
}

// analyzeMemOrder finds the runs (g.vec.at, by prefix) that go in memory
// order. Values computed from loaded components form tuples (one value
// per component); a tuple comes from a load run or from n ops alike (the
// same code, kind, immediates and non-tuple operands, each reading its
// own component of the same tuples). Tuples, and the runs that load or
// store them, joined by the ops between them, form flows; a flow goes
// in memory order where every reader of every tuple value is such an op
// or a store run storing that tuple in order, all runs of the flow have
// the same n and can be in memory order, and all of its values are
// Varying, of 4-byte kinds, written once and read after it.
func (g *gen) analyzeMemOrder() {
	g.vec.mem = memOrder{run: map[int]bool{}, done: map[int]bool{}, loads: map[int][]int{}}
	ops := g.p.Ops
	def := g.vecDefs()
	type pos struct{ t, k int }
	at := map[lanes.Value]pos{}
	var parent []int
	var bad []bool
	var size []int
	find := func(t int) int {
		for parent[t] != t {
			parent[t] = parent[parent[t]]
			t = parent[t]
		}
		return t
	}
	union := func(a, b int) {
		a, b = find(a), find(b)
		if a != b {
			parent[a] = b
			bad[b] = bad[b] || bad[a]
		}
	}
	newTuple := func(n int) int {
		parent = append(parent, len(parent))
		bad = append(bad, false)
		size = append(size, n)
		return len(parent) - 1
	}
	value := func(v lanes.Value, i int) bool {
		return v != lanes.NoValue && def[v] == int32(i) && g.shape(v) == lanes.Varying &&
			(g.kind(v) == lanes.I32 || g.kind(v) == lanes.F32)
	}
	runAt := map[int]int{}    // a run's first op: its prefix start
	loadT := map[int]int{}    // a load run's first op: its tuple
	storeT := map[int]int{}   // a store run's first op: its tuple, if it stores one
	inStore := map[int]bool{} // the ops of candidate store runs
	for pre, v := range g.vec.at {
		runAt[v.run] = pre
	}
	type groupKey struct {
		code       lanes.Code
		kind       lanes.Kind
		imm, imm2  int64
		m          lanes.Value
		ops        [3]lanes.Value // non-tuple operands
		tup        [3]int         // tuple operands (-1: none)
		firstTuple int
	}
	groups := map[groupKey][]int{} // the ops of each group, by component
	groupT := map[groupKey]int{}
	grouped := map[int]bool{}
	for i := 0; i < len(ops); i++ {
		if pre, ok := runAt[i]; ok {
			v := g.vec.at[pre]
			n := v.end - v.run
			if ops[i].Code == lanes.Load {
				if g.memOrderOK(pre, v) {
					t := newTuple(n)
					loadT[i] = t
					for k := 0; k < n; k++ {
						d := ops[i+k].Dst
						if !value(d, i+k) {
							bad[t] = true
						}
						at[d] = pos{t, k}
					}
				}
			} else {
				for k := 0; k < n; k++ {
					inStore[i+k] = true
				}
			}
			i = v.end - 1
			continue
		}
		o := &ops[i]
		var key groupKey
		key.code, key.kind, key.imm, key.imm2, key.m = o.Code, o.Kind, o.Imm, o.Imm2, o.M
		key.firstTuple = -1
		comp, tuples, ok := -1, 0, true
		for s, x := range [3]lanes.Value{o.A, o.B, o.C} {
			key.tup[s] = -1
			p, isT := at[x]
			if !isT {
				key.ops[s] = x
				if x != lanes.NoValue && g.shape(x) != lanes.Uniform {
					ok = false
				}
				continue
			}
			tuples++
			key.tup[s] = p.t
			if comp >= 0 && comp != p.k {
				ok = false
			}
			comp = p.k
		}
		if tuples == 0 {
			continue
		}
		if _, isT := at[o.M]; isT {
			ok = false
		}
		if !ok || !memElementwise(o.Code) || o.M != lanes.NoValue || !value(o.Dst, i) {
			for _, x := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
				if p, isT := at[x]; isT {
					bad[find(p.t)] = true
				}
			}
			continue
		}
		n := -1
		for _, t := range key.tup {
			if t < 0 {
				continue
			}
			if n >= 0 && size[t] != n {
				ok = false
			}
			n = size[t]
		}
		t, seen := groupT[key]
		if !seen {
			t = newTuple(n)
			groupT[key] = t
			groups[key] = make([]int, n)
			for k := range groups[key] {
				groups[key][k] = -1
			}
		}
		for _, u := range key.tup {
			if u >= 0 {
				union(t, u)
			}
		}
		if !ok || groups[key][comp] >= 0 {
			bad[find(t)] = true
			continue
		}
		groups[key][comp] = i
		grouped[i] = true
		at[o.Dst] = pos{t, comp}
	}
	for key, grp := range groups {
		for _, i := range grp {
			if i < 0 {
				bad[find(groupT[key])] = true
			}
		}
	}
	// Store runs: their values a tuple in order, their offsets and mask
	// none.
	for pre, v := range g.vec.at {
		i := v.run
		if ops[i].Code != lanes.Store {
			continue
		}
		n := v.end - v.run
		t0, ok := -1, g.memOrderOK(pre, v)
		for k := 0; k < n; k++ {
			o := &ops[i+k]
			p, isT := at[o.B]
			if !isT || p.k != k || t0 >= 0 && p.t != t0 || size[p.t] != n {
				ok = false
			}
			if isT {
				t0 = p.t
			}
		}
		if t0 < 0 {
			continue
		}
		storeT[i] = t0
		if !ok {
			bad[find(t0)] = true
		}
	}
	// Every reader of a tuple value: a grouped op, or a store run storing
	// it in order; read after it is written.
	for i := range ops {
		o := &ops[i]
		for s, x := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
			p, isT := at[x]
			if !isT {
				continue
			}
			st, stores := storeT[g.vecRunStart(i)]
			okRead := def[x] >= 0 && int(def[x]) < i &&
				(grouped[i] && s < 3 || inStore[i] && s == 1 && stores && st == p.t)
			if !okRead {
				bad[find(p.t)] = true
			}
		}
	}
	flowLoads := map[int][]int{}
	for i, t := range loadT {
		if !bad[find(t)] {
			g.vec.mem.run[i] = true
			flowLoads[find(t)] = append(flowLoads[find(t)], i)
		}
	}
	for i, t := range storeT {
		if !bad[find(t)] {
			g.vec.mem.run[i] = true
			g.vec.mem.loads[i] = flowLoads[find(t)]
		}
	}
}

// vecRunStart is the first op of the run (g.vec.at) that op i is in, or -1.
func (g *gen) vecRunStart(i int) int {
	for _, v := range g.vec.at {
		if i >= v.run && i < v.end {
			return v.run
		}
	}
	return -1
}

// memLoad emits a memory-order load's fast path: the chunk's 32n bytes
// (R8 + RCX) into the n component slots as they are.
func (g *gen) memLoad(v vecRun) {
	a := &g.a
	for k := v.run; k < v.end; k++ {
		a.VMOVDQUload(amd64.Y0, amd64.MI(rBase, rOff, 1, int32(32*(k-v.run))))
		g.st(g.p.Ops[k].Dst, amd64.Y0)
	}
}

// memStore emits a memory-order store's fast path.
func (g *gen) memStore(v vecRun) {
	a := &g.a
	for k := v.run; k < v.end; k++ {
		a.VMOVDQUload(amd64.Y0, g.slot(g.p.Ops[k].B, 0))
		a.VMOVDQUstore(amd64.MI(rBase, rOff, 1, int32(32*(k-v.run))), amd64.Y0)
	}
}

// vecToMem reorders the slots of vals (component k of each lane) into
// memory order: slot j the chunk's bytes 32j..32j+31 of the vector
// array, lane l's component k at byte 4(l*n + k).
func (g *gen) vecToMem(vals []lanes.Value) {
	a := &g.a
	n := int32(len(vals))
	s := g.vecScratchOff
	for k, v := range vals {
		for l := int32(0); l < chunk; l++ {
			a.MOVLload(rVal, g.slot(v, 4*l))
			a.MOVLstore(amd64.M(rFrame, s+4*(l*n+int32(k))), rVal)
		}
	}
	for j, v := range vals {
		a.VMOVDQUload(amd64.Y0, amd64.M(rFrame, s+32*int32(j)))
		a.VMOVDQUstore(g.slot(v, 0), amd64.Y0)
	}
}

// vecToLanes is vecToMem's inverse.
func (g *gen) vecToLanes(vals []lanes.Value) {
	a := &g.a
	n := int32(len(vals))
	s := g.vecScratchOff
	for j, v := range vals {
		a.VMOVDQUload(amd64.Y0, g.slot(v, 0))
		a.VMOVDQUstore(amd64.M(rFrame, s+32*int32(j)), amd64.Y0)
	}
	for k, v := range vals {
		for l := int32(0); l < chunk; l++ {
			a.MOVLload(rVal, amd64.M(rFrame, s+4*(l*n+int32(k))))
			a.MOVLstore(g.slot(v, 4*l), rVal)
		}
	}
}

// reserveVecScratch finds the vector runs (vecRunFrom) and, where some
// are in memory order, adds vecScratch bytes to the end of the frame for
// their reorders; the frame's size is settled before any code is emitted.
func (g *gen) reserveVecScratch() {
	g.vecScratchOff = -1
	g.vecRunFrom(0)
	if len(g.vec.mem.run) > 0 {
		g.vecScratchOff = int32(g.frameSize+31) &^ 31
		g.frameSize = int(g.vecScratchOff) + vecScratch
	}
}

// emitMemRun is emitVecRun for a run in memory order.
func (g *gen) emitMemRun(pre int, v vecRun) error {
	a := &g.a
	ops := g.p.Ops
	i, j := v.run, v.end
	o0 := &ops[i]
	store := o0.Code == lanes.Store
	g.vec.runs++
	g.vec.memRuns++
	g.vec.pre += i - pre
	g.vec.comps += len(v.comps)
	if !v.static {
		g.vec.checked++
	}
	vals := make([]lanes.Value, j-i)
	for k := i; k < j; k++ {
		if vals[k-i] = ops[k].Dst; store {
			vals[k-i] = ops[k].B
		}
	}
	if store {
		// The flow's loads before it (later ones, joined to the flow
		// by ops after this store, are checked by later stores).
		for _, l := range g.vec.mem.loads[i] {
			if l < i && !g.vec.mem.done[l] {
				return errUnsupported("a memory-order store whose load was not compiled in memory order")
			}
		}
	}
	g.startRunCode(pre, j)
	for _, x := range vals {
		// Read from their slots on every path (written back above): the
		// one-by-one stores read them after vecToLanes.
		g.cache.drop(x)
	}
	ac, err := g.access(o0)
	if err != nil {
		return err
	}
	slow, end := a.NewLabel(), a.NewLabel()
	g.ld(yOff, o0.A)
	// A store with some lane of its mask inactive goes one by one.
	g.vecCheck(ac, v, o0.M, store, false, slow, slow)
	g.vecCompOffsets(v)
	if store {
		g.memStore(v)
	} else {
		g.memLoad(v)
	}
	a.JMP(end)
	a.Bind(slow)
	if store {
		g.vecToLanes(vals)
	}
	for k := pre; k < j; k++ {
		g.op = k
		if err := g.emit(&ops[k]); err != nil {
			return err
		}
	}
	g.vecToMem(vals)
	a.Bind(end)
	g.op = j - 1
	if !store {
		g.vec.mem.done[i] = true
	}
	return nil
}
