package host

import (
	"context"
	"errors"
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

// packFor is how many work-groups a run of dispatch d holds: chunk/Lx
// (runs of a whole chunk), halved while the dispatch has too few groups
// for a run to each worker (hashcat's slow kernels run a few groups at
// a time: two runs of 2 lanes then beat one of 4, and 4 runs of one);
// 0 where the groups are not packed.
func (tk *tierKernel) packFor(d *Dispatch) int {
	p := tk.prog
	if !packGroups || tk.exact || p.Pack > 1 || p.Local[1] != 1 || p.Local[2] != 1 || 2*p.Local[0] > p.Chunk {
		return 0
	}
	nw := d.Workers
	if nw <= 0 {
		nw = workers()
	}
	total := d.Groups[0] * d.Groups[1] * d.Groups[2]
	pack := p.Chunk / p.Local[0]
	for pack > 2 && (pack > d.Groups[0] || total/pack < nw) {
		pack /= 2
	}
	if pack > d.Groups[0] {
		return 0
	}
	return pack
}

// packedTier is the kernel built to run pack work-groups at once, made
// on first use; nil where the kernel shares state within its group, or
// its packed program needs more memory than one group's may.
func (tk *tierKernel) packedTier(pack int) *tierKernel {
	tk.packMu.Lock()
	defer tk.packMu.Unlock()
	if tk.noPack {
		return nil
	}
	if pk, ok := tk.packed[pack]; ok {
		return pk
	}
	pk, err := tk.buildPacked(pack)
	if errors.Is(err, lanes.ErrGroupWide) {
		tk.noPack = true // so for every pack
		return nil
	}
	if tk.packed == nil {
		tk.packed = map[int]*tierKernel{}
	}
	tk.packed[pack] = pk
	return pk
}

// buildPacked builds the kernel's program for pack work-groups a run, on
// its tier; nil where it cannot.
func (tk *tierKernel) buildPacked(pack int) (*tierKernel, error) {
	p := tk.prog
	lp, err := lanes.BuildPacked(tk.m.x, tk.entry, tk.spec, p.Chunk, pack)
	if err != nil {
		return nil, err
	}
	tk.m.markPODRegions(lp, tk.entry)
	pk := &tierKernel{m: tk.m, entry: tk.entry, spec: tk.spec, prog: lp}
	if tk.native {
		mk, err := nativeCompile(lp)
		if err != nil {
			return nil, err // the unpacked program is native code: keep it
		}
		pk.native, pk.newRunner = true, mk
	} else {
		pk.newRunner = func() lanes.Runner { return lanes.NewExec(lp) }
	}
	if pk.workerBytes() > stateBudget() {
		return nil, nil
	}
	return pk, nil
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
