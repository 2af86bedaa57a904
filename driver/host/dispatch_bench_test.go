package host

import (
	"context"
	"testing"

	"github.com/clgo/clgo/internal/config"
)

// BenchmarkSmallDispatch times whole dispatches of triad over one, two
// and eight groups of 64 work-items on each tier: what a dispatch costs
// besides its groups (claiming groups, waking workers, allocations).
// go test ./driver/host -run '^$' -bench SmallDispatch -benchmem
func BenchmarkSmallDispatch(b *testing.B) {
	m := glsl(b, "triad.comp")
	for _, tier := range []string{"lanes", "native"} {
		for _, groups := range []int{1, 2, 8} {
			b.Run(tier+"/"+string(rune('0'+groups)), func(b *testing.B) {
				setTierIn(b, tier)
				k := prepare(b, m, "main", nil)
				n := 64 * groups
				push := append(f32s([]float32{2}), u32s([]uint32{uint32(n)})...)
				d := dispatch([3]int{groups, 1, 1}, push, make([]byte, 4*n), make([]byte, 4*n), make([]byte, 4*n))
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					if err := k.Run(ctx, d); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// setTierIn sets CLGO_HOST_TIER for the rest of a test or benchmark.
func setTierIn(t testing.TB, tier string) {
	t.Cleanup(config.Reload) // registered first: runs after t.Setenv's restore
	t.Setenv(config.HostTier, tier)
	config.Reload()
}
