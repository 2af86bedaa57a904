package lanes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/spirv"
)

// nestedExits leaves two nested loops by one edge (the return) with ids
// of the inner loop read after both (their shadows), and the outer loop
// by its own exit too.
const nestedExits = `
kernel void k(global int *o, global const int *in) {
	int i = get_global_id(0), last = 0, acc = 0;
	for (int a = 0; a < (in[i] & 7); a++) {
		for (int b = 0; b < (in[(i + a) & 63] & 7); b++) {
			last = a * b + in[b & 63];
			if (last > 100) { o[i] = last + acc; return; }
			acc += last;
		}
		acc ^= last;
	}
	o[i] = acc + last;
}`

// TestBuildDeterministic builds kernels with nested loops 20 times each:
// the lane program must be the same every time (Build once ranged over
// a map of loops, so that shadow registers, and the value numbers after
// them, could come in another order from one build to the next).
func TestBuildDeterministic(t *testing.T) {
	type kernel struct {
		name, entry string
		x           *spirv.Index
	}
	res, err := compiler.Compile(nestedExits, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	kernels := []kernel{{"nestedExits", "k", spirv.NewIndex(m)}}
	// Corpus kernels with a function of two loops or more.
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	shared, _ := corpus.Files(corpus.SharedKernelsDir())
	for _, path := range append(files, shared...) {
		if len(kernels) >= 30 {
			break
		}
		src, err := os.ReadFile(path)
		if err != nil || strings.Count(string(src), "for (") < 2 {
			continue
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
		most := 0 // the most loops of one function
		for _, fn := range x.Funcs {
			loops := 0
			for _, bl := range fn.Blocks {
				for _, in := range bl.Insts {
					if in.Op == spirv.OpLoopMerge {
						loops++
					}
				}
			}
			most = max(most, loops)
		}
		if most < 2 {
			continue
		}
		for _, ep := range x.EntryPoints() {
			kernels = append(kernels, kernel{filepath.Base(path), ep.Name, x})
		}
	}
	if len(kernels) < 5 {
		t.Fatalf("only %d kernels with nested loops", len(kernels))
	}
	for _, k := range kernels {
		t.Logf("%s %s", k.name, k.entry)
		var want string
		for i := range 20 {
			p, err := Build(k.x, k.entry, map[uint32]uint64{0: 64, 1: 1, 2: 1}, 8)
			if err != nil {
				if i == 0 {
					t.Logf("%s %s: %v", k.name, k.entry, err)
					break
				}
				t.Fatalf("%s %s: build %d: %v", k.name, k.entry, i, err)
			}
			s := p.String()
			if i == 0 {
				want = s
			} else if s != want {
				t.Fatalf("%s %s: build %d differs from the first:\n%s", k.name, k.entry, i, firstDiff(want, s))
			}
		}
	}
}

// firstDiff shows the first line where two listings differ.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return "line " + la[i] + "\n  vs " + lb[i]
		}
	}
	return "lengths differ"
}
