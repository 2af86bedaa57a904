package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestLoopExitAtHeader: on a device with Mesa's loop limiter (llvmpipe)
// loops are lowered to leave only from the blocks after their header, so
// that after optimization no code outside a loop reads a value defined in
// the loop's body (lavapipe gets those wrong for work-items that left
// early; testdata/kernels/control/loop_liveout.cl checks the results).
// Without the feature the same source does have such reads, so the
// check below sees them. Each module passes spirv-val.
func TestLoopExitAtHeader(t *testing.T) {
	src := `kernel void k(global const int *n, global const int *src, global int *out) {
	int g = get_global_id(0);
	int i = 0, v;
	do { v = src[i] + 1; i++; } while (i <= n[g]);
	int j = 0, w;
	while (1) { w = src[j] * 2; if (j >= n[g]) break; j++; }
	int c = 0, s = 0;
	for (int k = 0; k < 10; k++) {
		c = src[k] + s;
		if (c % 3 == 0) continue;
		for (int m = 0; m < n[k]; m++) {
			s = src[m] - c;
			if (s > 50) break;
		}
		if (s < -40) break;
	}
	int q = 0, x;
	while ((x = src[q++]) > 3)
		if (x > 90) break;
	switch (g) { case 1: while (v < 100) { v += src[v & 7]; if (v == 50) break; } break; }
	out[g] = v + w + c + s + x + q;
}`
	for _, limiter := range []bool{false, true} {
		opts := compiler.DefaultOptions()
		if limiter {
			opts.Features.LoopIterationLimit = 65535
		}
		res, err := compiler.Compile(src, opts)
		if err != nil {
			t.Fatalf("limiter %v: %v", limiter, err)
		}
		spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
		debugf = t.Logf
		n := liveOuts(res.Module)
		switch {
		case limiter && n != 0:
			t.Errorf("with the loop limiter: %d reads outside a loop of values its body defines, want none", n)
		case !limiter && n == 0:
			t.Errorf("without the loop limiter: no read outside a loop of a value its body defines; the check sees nothing")
		}
		t.Logf("limiter %v: %d live-out reads", limiter, n)
	}
}

// liveOuts counts the operands, outside a loop, that name a value defined
// in the loop other than in its header block.
func liveOuts(m *spirv.Module) int {
	ops := spirv.NewIDOperands(m)
	count := 0
	for _, fn := range m.Functions {
		blocks := map[spirv.ID]*spirv.Block{}
		for _, b := range fn.Blocks {
			blocks[b.Label] = b
		}
		for _, h := range fn.Blocks {
			var merge spirv.ID
			for _, in := range h.Insts {
				if in.Op == spirv.OpLoopMerge {
					merge = spirv.ID(in.Operands[0])
				}
			}
			if merge == 0 || probeLoop(blocks, h) {
				continue
			}
			// The loop: every block reached from the header without
			// passing its merge.
			in := map[spirv.ID]bool{h.Label: true}
			work := []spirv.ID{h.Label}
			for len(work) > 0 {
				b := blocks[work[len(work)-1]]
				work = work[:len(work)-1]
				for _, s := range succs(b) {
					if s != merge && !in[s] {
						in[s] = true
						work = append(work, s)
					}
				}
			}
			defs := map[uint32]bool{}
			for l := range in {
				if l == h.Label {
					continue
				}
				for _, x := range blocks[l].Insts {
					if x.Result != 0 {
						defs[uint32(x.Result)] = true
					}
				}
			}
			for _, b := range fn.Blocks {
				if in[b.Label] {
					continue
				}
				for _, x := range b.Insts {
					ops.Visit(x, func(i int) {
						if defs[x.Operands[i]] {
							count++
							debugf("header %%%d: %v %%%d reads %%%d", h.Label, x.Op, x.Result, x.Operands[i])
						}
					})
				}
			}
		}
	}
	return count
}

var debugf = func(string, ...any) {}

// probeLoop reports whether the loop at h is the loop limiter's probe
// (looplimit.go: its condition block loads the printf cursor
// atomically), whose trip count is the same for every work-item.
func probeLoop(blocks map[spirv.ID]*spirv.Block, h *spirv.Block) bool {
	for _, s := range succs(h) {
		for _, in := range blocks[s].Insts {
			if in.Op == spirv.OpAtomicLoad {
				return true
			}
		}
	}
	return false
}

func succs(b *spirv.Block) []spirv.ID {
	t := b.Insts[len(b.Insts)-1]
	switch t.Op {
	case spirv.OpBranch:
		return []spirv.ID{spirv.ID(t.Operands[0])}
	case spirv.OpBranchConditional:
		return []spirv.ID{spirv.ID(t.Operands[1]), spirv.ID(t.Operands[2])}
	case spirv.OpSwitch:
		s := []spirv.ID{spirv.ID(t.Operands[1])}
		for i := 3; i < len(t.Operands); i += 2 {
			s = append(s, spirv.ID(t.Operands[i]))
		}
		return s
	}
	return nil
}
