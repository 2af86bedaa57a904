package host

import (
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestPackFor: a run holds a chunk's worth of groups where the dispatch
// has enough for every worker, fewer (halved) where not, none where a
// row has fewer than two groups or the groups are too wide or not rows.
func TestPackFor(t *testing.T) {
	for _, tc := range []struct {
		chunk   int
		local   [3]int
		groups  [3]int
		workers int
		want    int
	}{
		{8, [3]int{1, 1, 1}, [3]int{2048, 1, 1}, 2, 8},
		{8, [3]int{1, 1, 1}, [3]int{16, 1, 1}, 2, 8},
		{8, [3]int{1, 1, 1}, [3]int{8, 1, 1}, 2, 4},
		{8, [3]int{1, 1, 1}, [3]int{4, 1, 1}, 2, 2},
		{8, [3]int{1, 1, 1}, [3]int{4, 1, 1}, 1, 4},
		{8, [3]int{1, 1, 1}, [3]int{2, 1, 1}, 2, 2},
		{8, [3]int{1, 1, 1}, [3]int{1, 9, 1}, 2, 0},
		{8, [3]int{1, 1, 1}, [3]int{4, 8, 1}, 2, 4},
		{8, [3]int{2, 1, 1}, [3]int{100, 1, 1}, 2, 4},
		{8, [3]int{3, 1, 1}, [3]int{100, 1, 1}, 2, 2},
		{8, [3]int{5, 1, 1}, [3]int{100, 1, 1}, 2, 0},
		{8, [3]int{1, 2, 1}, [3]int{100, 1, 1}, 2, 0},
		{64, [3]int{1, 1, 1}, [3]int{40, 1, 1}, 2, 16},
	} {
		tk := &tierKernel{prog: &lanes.Program{Chunk: tc.chunk, Local: tc.local}}
		if got := tk.packFor(&Dispatch{Groups: tc.groups, Workers: tc.workers}); got != tc.want {
			t.Errorf("%+v: %d groups a run, want %d", tc, got, tc.want)
		}
	}
}
