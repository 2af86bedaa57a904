package lanes

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/spirv"
)

// unscheduled builds with scheduling off: Build's emission order.
func unscheduled(f func()) {
	was := scheduleOn
	scheduleOn = false
	defer func() { scheduleOn = was }()
	f()
}

// checkSchedule fails unless perm (scheduleOps on old's ops) keeps every
// order the schedule must keep: ops stay in their stretches, boundaries
// in place, ops that may not move in their order (and adjacent where
// they were), and any two ops of a stretch that mention one value, one
// writing it, in theirs.
func checkSchedule(t *testing.T, name string, old []Op, perm []int32) {
	t.Helper()
	n := len(old)
	pos := make([]int, n)
	seen := make([]bool, n)
	for k, i := range perm {
		if seen[i] {
			t.Fatalf("%s: op %d placed twice", name, i)
		}
		seen[i], pos[i] = true, k
	}
	writes := func(o *Op, v Value) bool { return v != NoValue && o.Dst == v }
	mentions := func(o *Op, v Value) bool {
		return v != NoValue && (o.A == v || o.B == v || o.C == v || o.M == v || o.Dst == v)
	}
	start := 0
	for e := range n {
		if !boundary(old[e].Code) && e < n-1 {
			continue
		}
		if pos[e] != e {
			t.Fatalf("%s: boundary op %d (%v) moved to %d", name, e, old[e].Code, pos[e])
		}
		moved := false
		for i := start; i <= e; i++ {
			moved = moved || pos[i] != i
		}
		for i := start; moved && i <= e; i++ {
			if pos[i] < start || pos[i] > e {
				t.Fatalf("%s: op %d left its stretch [%d, %d]", name, i, start, e)
			}
			if i < e && !movable(&old[i]) && !movable(&old[i+1]) && pos[i+1] != pos[i]+1 {
				t.Fatalf("%s: ops %d and %d (%v, %v) no longer adjacent", name, i, i+1, old[i].Code, old[i+1].Code)
			}
			for j := i + 1; j <= e; j++ {
				a, b := &old[i], &old[j]
				keep := !movable(a) && !movable(b) ||
					writes(a, a.Dst) && mentions(b, a.Dst) || writes(b, b.Dst) && mentions(a, b.Dst)
				if keep && pos[i] > pos[j] {
					t.Fatalf("%s: op %d (%v) now after op %d (%v)", name, i, a.Code, j, b.Code)
				}
			}
		}
		start = e + 1
	}
}

// TestScheduleKeepsOrders schedules every corpus and shared kernel's
// program as Build emitted it and checks the orders it must keep.
func TestScheduleKeepsOrders(t *testing.T) {
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	shared, _ := corpus.Files(corpus.SharedKernelsDir())
	programs, moved := 0, []string{}
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
		x := spirv.NewIndex(m)
		for _, ep := range x.EntryPoints() {
			var p *Program
			unscheduled(func() { p, err = Build(x, ep.Name, map[uint32]uint64{0: 64, 1: 1, 2: 1}, 8) })
			if err != nil {
				continue
			}
			programs++
			old := slices.Clone(p.Ops)
			perm := scheduleOps(p)
			name := filepath.Base(path) + ":" + ep.Name
			checkSchedule(t, name, old, perm)
			for k, i := range perm {
				if p.Ops[k] != old[i] {
					t.Fatalf("%s: op %d is not old op %d", name, k, i)
				}
			}
			for k, i := range perm {
				if int(i) != k {
					moved = append(moved, name)
					break
				}
			}
		}
	}
	if programs < 300 || len(moved) == 0 {
		t.Fatalf("%d programs, %d reordered: the corpus was not found or nothing was scheduled", programs, len(moved))
	}
	t.Logf("%d programs, %d reordered: %v", programs, len(moved), moved)
}

// dpChains is clpeak's compute_dp_v16 in small: x and y double16, each
// statement a chain step of every component.
const dpChains = `kernel void k(global double16 *out, double a) {
	double16 x = (double16)(a, a+1, a+2, a+3, a+4, a+5, a+6, a+7, a+8, a+9, a+10, a+11, a+12, a+13, a+14, a+15);
	double16 y = (double16)get_local_id(0) * 0.001;
	for (int i = 0; i < 4; i++) {
		x = mad(y, x, y); y = mad(x, y, x); x = mad(y, x, y); y = mad(x, y, x);
		x = x * 0.5; y = y * 0.5;
	}
	out[get_global_id(0)] = x + y;
}`

// longestPressure is the pressure of p's longest stretch (the loop's
// body; the entry's holds the values carried into the loop at its end,
// live out of it whatever the order).
func longestPressure(p *Program) int {
	r := findRanges(p)
	r.extendOverLoops()
	s := newScheduler(p, r)
	long, start, pr := 0, 0, 0
	for i, op := range p.Ops {
		if boundary(op.Code) {
			if i-start > long {
				long, pr = i-start, s.pressure(start, i, nil)
			}
			start = i + 1
		}
	}
	return pr
}

// TestSchedulePressure checks that scheduling takes the live values of
// a wide-vector kernel's loop body from every component's (16 or 32
// doubles, 32 or 64 ymm registers) to a chain's worth, and that the scheduled program
// computes what the unscheduled one does, bit for bit.
func TestSchedulePressure(t *testing.T) {
	var before, after *Program
	unscheduled(func() { before = build(t, dpChains, "k", 32, 8) })
	after = build(t, dpChains, "k", 32, 8)
	pb, pa := longestPressure(before), longestPressure(after)
	t.Logf("pressure %d ymm unscheduled, %d scheduled", pb, pa)
	if pb < 32 || pa > 8 {
		t.Fatalf("pressure %d ymm unscheduled, %d scheduled: want >= 32, <= 8", pb, pa)
	}
	run := func(p *Program) []byte {
		out := make([]byte, 64*128*2)
		push := make([]byte, 64)
		binary.LittleEndian.PutUint64(push, math.Float64bits(0.75))
		mem := make([][]byte, len(p.Regions))
		for i, rg := range p.Regions {
			switch {
			case rg.Kind == RegionBuffer && rg.Binding == 0:
				mem[i] = out
			case rg.Kind == RegionBuffer || rg.Kind == RegionPush:
				mem[i] = push
			}
		}
		e := NewExec(p)
		g := &Group{Memory: mem, NumGroups: [3]uint32{2, 1, 1}}
		for n := range 2 {
			g.ID = [3]uint32{uint32(n), 0, 0}
			if tr := e.RunGroup(g); tr != nil {
				t.Fatalf("trap %+v", tr)
			}
		}
		return out
	}
	want, got := run(before), run(after)
	if !bytes.Equal(got, want) {
		t.Fatal("scheduled program's results differ from the unscheduled one's")
	}
	if bytes.Equal(want, make([]byte, len(want))) {
		t.Fatal("the kernel wrote nothing")
	}
}
