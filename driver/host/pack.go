package host

import (
	"context"
	"sync/atomic"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// packGroups turns packing on; tests compare the two.
var packGroups = true

// packedDispatches counts the dispatches that ran packed (for tests).
var packedDispatches atomic.Int64

// Work-groups narrower than a chunk, packed (lanes/pack.go): a kernel
// that shares nothing within its work-group runs several consecutive
// groups of a row as one run of a chunk's lanes, instead of one group
// with the chunk's other lanes idle. Programs written for CPU runtimes
// launch groups of one work-item (hashcat does on every CPU device),
// which used an eighth of native code's lanes.

// packedTier is the kernel built to run packed work-groups, made on
// first use; nil where the work-groups are not narrower than half a
// chunk, or the kernel shares state within its group, or its packed
// program needs more memory than one group's may.
func (tk *tierKernel) packedTier() *tierKernel {
	p := tk.prog
	if !packGroups || tk.exact || p.Pack > 1 || p.Local[1] != 1 || p.Local[2] != 1 || 2*p.Local[0] > p.Chunk {
		return nil
	}
	tk.packOnce.Do(func() {
		pk := &tierKernel{m: tk.m, entry: tk.entry, spec: tk.spec}
		chunk := p.Chunk
		if tk.native {
			np, err := lanes.BuildPacked(tk.m.x, tk.entry, tk.spec, chunk, chunk/p.Local[0])
			if err != nil {
				return // group-wide state, or the program cannot be built
			}
			tk.m.markPODRegions(np, tk.entry)
			mk, err := nativeCompile(np)
			if err != nil {
				return // the unpacked program is native code: keep it
			}
			pk.prog, pk.native, pk.newRunner = np, true, mk
		} else {
			lp, err := lanes.BuildPacked(tk.m.x, tk.entry, tk.spec, chunk, chunk/p.Local[0])
			if err != nil {
				return
			}
			tk.m.markPODRegions(lp, tk.entry)
			pk.prog, pk.newRunner = lp, func() lanes.Runner { return lanes.NewExec(lp) }
		}
		if pk.workerBytes() > stateBudget() {
			return
		}
		tk.packed = pk
	})
	return tk.packed
}

// runPacked runs dispatch d on the packed kernel pk: the whole runs of
// each row of groups, then the groups left at the rows' ends on the
// kernel's own program. NumGroups is the dispatch's in both.
func (k *Kernel) runPacked(ctx context.Context, d *Dispatch, pk *tierKernel) error {
	packedDispatches.Add(1)
	pack := pk.prog.Pack
	full := d.Groups[0] / pack
	pd := *d
	for i := range 3 {
		if pd.NumGroups[i] == 0 {
			pd.NumGroups[i] = d.Groups[i]
		}
	}
	rd := pd
	pd.Groups[0] = full
	if err := (&Kernel{name: k.name, local: k.local, tier: pk}).runTier(ctx, &pd); err != nil {
		return err
	}
	if rest := d.Groups[0] - full*pack; rest > 0 {
		rd.Groups[0], rd.BaseGroup[0] = rest, d.BaseGroup[0]+full*pack
		return k.runTier(ctx, &rd)
	}
	return nil
}
