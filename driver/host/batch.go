package host

import "github.com/clgo/clgo/spirv"

// Batching. A kernel with small work-groups spends much of its time
// entering each instruction's lane loop. When its groups cannot observe
// each other's lanes (no barriers, no Workgroup memory), several groups
// consecutive in x run as one register file of batch*nLocal lanes: lane l
// is lane l%nLocal of group x+l/nLocal. Dispatches whose group count in x
// is not a multiple of the batch run unbatched.

// batchTarget is about how many lanes a batched run holds: more for
// one-dimensional groups, whose lanes make one contiguous affine row, than
// for two- and three-dimensional ones, where more groups side by side in x
// cost the locality of their rows.
// A batch holds at most maxBatch groups: more small groups (vector_mix's
// 64 lanes in 16s) ran slower. (With AVX2 loops, since removed, 8 ran faster
// than 4: 15.9 against 18.9 cpu-ns/item.)
const batchTarget, batchTarget1D, maxBatch = 256, 1024, 8

// batchOf returns how many groups of k may run at once, or 1.
func batchOf(m *Module, k *Kernel) int {
	target := batchTarget
	if k.local[1] == 1 && k.local[2] == 1 {
		target = batchTarget1D
	}
	if k.lanes >= target/2 || !m.off.on(optBatch) {
		return 1
	}
	for _, rg := range k.regions {
		if rg.kind == regionWorkgroup && !rg.shared {
			return 1
		}
	}
	for i := range m.insts {
		switch m.insts[i].op {
		case spirv.OpControlBarrier, spirv.OpControlBarrierArriveINTEL, spirv.OpControlBarrierWaitINTEL:
			return 1
		}
	}
	return min(target/k.lanes, maxBatch)
}

// forDispatch picks the kernel variant that runs d.
func (k *Kernel) forDispatch(d *Dispatch) *Kernel {
	if b := k.batched; b != nil && d.Groups[0]%b.batch == 0 {
		return b
	}
	return k
}
