package lanes

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/spirv"
)

// TestAllocateMatchesFullPass builds every corpus and shared kernel and
// checks that the loop extension over the loop tree gives the ranges of
// the pass over all loops, and that the heap-based slot assignment gives
// the slots of a scan of the whole active list. LANES_SPV_DIRS (a
// colon-separated list of directories) adds the a.spv files under them.
func TestAllocateMatchesFullPass(t *testing.T) {
	var mods []*spirv.Index
	var names []string
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	shared, _ := corpus.Files(corpus.SharedKernelsDir())
	for _, path := range append(files, shared...) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		opts, err := compiler.ParseOptions(corpus.Options(string(src)))
		if err != nil {
			continue
		}
		res, err := compiler.Compile(string(src), opts)
		if err != nil {
			continue
		}
		m, err := spirv.Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		mods = append(mods, spirv.NewIndex(m))
		names = append(names, filepath.Base(path))
	}
	for _, d := range strings.Split(os.Getenv("LANES_SPV_DIRS"), ":") {
		if d == "" {
			continue
		}
		filepath.Walk(d, func(path string, fi os.FileInfo, err error) error {
			if err != nil || fi.IsDir() || filepath.Base(path) != "a.spv" {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			m, err := spirv.Decode(b)
			if err != nil {
				return nil
			}
			mods = append(mods, spirv.NewIndex(m))
			names = append(names, path)
			return nil
		})
	}
	built, withLoops := 0, 0
	for i, x := range mods {
		for _, ep := range x.EntryPoints() {
			p, err := Build(x, ep.Name, map[uint32]uint64{0: 64, 1: 1, 2: 1}, 8)
			if err != nil {
				continue
			}
			built++
			r := findRanges(p)
			if len(r.loops) > 0 {
				withLoops++
			}
			if _, ok := newLoopTree(r.loops, len(r.first), r.first, r.last); !ok {
				t.Errorf("%s %s: loops not nested", names[i], ep.Name)
			}
			all := &ranges{first: slices.Clone(r.first), last: slices.Clone(r.last), readFirst: r.readFirst, loops: r.loops}
			r.extendOverLoops()
			all.extendAllLoops()
			for v := range r.first {
				if r.first[v] != all.first[v] || r.last[v] != all.last[v] {
					t.Errorf("%s %s: value %d: range [%d, %d], the pass over all loops gives [%d, %d]",
						names[i], ep.Name, v, r.first[v], r.last[v], all.first[v], all.last[v])
					break
				}
			}
			slots := make([]int32, len(p.Values))
			for v, vi := range p.Values {
				slots[v] = vi.Slot
			}
			frame := p.FrameSize
			scanSlots(p, all)
			for v, vi := range p.Values {
				if vi.Slot != slots[v] {
					t.Errorf("%s %s: value %d in slot %d, the full scan gives %d", names[i], ep.Name, v, slots[v], vi.Slot)
					break
				}
			}
			if p.FrameSize != frame {
				t.Errorf("%s %s: frame of %d bytes, the full scan gives %d", names[i], ep.Name, frame, p.FrameSize)
			}
		}
	}
	t.Logf("%d kernels built, %d with loops", built, withLoops)
	if built < 100 {
		t.Errorf("only %d kernels built", built)
	}
}

// scanSlots is the slot assignment that scans every active range for
// each value, for comparison with assignSlots.
func scanSlots(p *Program, r *ranges) {
	n := len(p.Values)
	first, last := r.first, r.last
	order := make([]int, 0, n)
	for v := range n {
		if first[v] >= 0 {
			order = append(order, v)
		}
	}
	slices.SortFunc(order, func(x, y int) int { return first[x] - first[y] })
	size := func(v int) int {
		if p.Values[v].Shape == Uniform {
			return 8
		}
		return (p.Values[v].Kind.Bytes()*p.Chunk + 31) &^ 31
	}
	free := map[[2]int][]int{}
	key := func(v int) [2]int { return [2]int{int(p.Values[v].Shape), size(v)} }
	type act struct{ v, end int }
	var live []act
	uniEnd, varEnd := 0, 0
	offs := make([]int, n)
	for _, v := range order {
		kept := live[:0]
		for _, a := range live {
			if a.end < first[v] {
				free[key(a.v)] = append(free[key(a.v)], offs[a.v])
			} else {
				kept = append(kept, a)
			}
		}
		live = kept
		if fl := free[key(v)]; len(fl) > 0 {
			offs[v] = fl[len(fl)-1]
			free[key(v)] = fl[:len(fl)-1]
		} else if p.Values[v].Shape == Uniform {
			offs[v] = uniEnd
			uniEnd += 8
		} else {
			offs[v] = varEnd
			varEnd += size(v)
		}
		live = append(live, act{v, last[v]})
	}
	for v := range n {
		if p.Values[v].Const {
			offs[v] = uniEnd
			uniEnd += 8
		}
	}
	base := (uniEnd + 31) &^ 31
	for v := range n {
		switch {
		case first[v] < 0 && !p.Values[v].Const:
			p.Values[v].Slot = -1
		case p.Values[v].Shape == Varying && !p.Values[v].Const:
			p.Values[v].Slot = int32(base + offs[v])
		default:
			p.Values[v].Slot = int32(offs[v])
		}
	}
	p.FrameSize = base + varEnd
}
