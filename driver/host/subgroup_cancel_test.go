package host

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/clgo/clgo/compiler"
)

// TestSubgroupCancel: a group spinning in a loop that holds a sub-group
// vote stops when its dispatch is cancelled, on the lane tier and in
// native code (where every round of the loop is a pass of its own,
// jit/subgroup.go).
func TestSubgroupCancel(t *testing.T) {
	const src = `kernel void spin(global volatile int *flag, global int *count) {
  int n = 0;
  while (sub_group_any(flag[0] == 0))
    n++;
  count[get_global_id(0)] = n;
}`
	opts, err := compiler.ParseOptions("-cl-std=CL2.0")
	if err != nil {
		t.Fatal(err)
	}
	opts.Features.Subgroups, opts.Features.SubgroupExtendedTypes = 0x7f, true
	res, err := compiler.CompileFile("spin.cl", src, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range []string{"lanes", "native"} {
		t.Run(tier, func(t *testing.T) {
			setTierIn(t, tier)
			m, err := Decode(res.SPIRV)
			if err != nil {
				t.Fatal(err)
			}
			k := prepare(t, m, "spin", map[uint32]uint64{0: 64, 1: 1, 2: 1})
			if tier == "lanes" && k.OnNative() || tier == "native" && NativeOK() && !k.OnNative() {
				t.Fatalf("not on tier %s", tier)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			err = k.Run(ctx, dispatch([3]int{2, 1, 1}, nil, make([]byte, 4), make([]byte, 4*128)))
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("got %v, want deadline exceeded", err)
			}
			if el := time.Since(start); el > 2*time.Second {
				t.Fatalf("cancellation took %v", el)
			}
		})
	}
}
