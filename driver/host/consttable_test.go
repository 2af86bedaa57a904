package host

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestConstantTableTiers: a program-scope __constant table too large for
// the lane tier to scalarize (5000 words, read through variable indices,
// as a password cracker's ed25519 table is: a Private variable with an
// initializer) runs on every tier with the values the source gives, the
// lane tier keeping one read-only copy (lanes/consttable.go).
func TestConstantTableTiers(t *testing.T) {
	var vals strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&vals, "%du,", uint32(i)*2654435761)
	}
	src := "constant uint tab[5000] = {" + vals.String() + "};\n" +
		"kernel void k(global uint *o) { int i = get_global_id(0); o[i] = tab[(i * 37) % 5000] ^ tab[4999 - i % 5000]; }"
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range []string{"lanes", "native"} {
		setTierIn(t, tier)
		m, err := Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		k, err := m.Prepare("k", map[uint32]uint64{0: 8, 1: 1, 2: 1})
		if err != nil {
			t.Fatal(err)
		}
		{
			tables := 0
			for _, rg := range k.tier.prog.Regions {
				if rg.Kind == lanes.RegionBuffer && rg.Set < 0 && len(rg.Init) == 4*5000 {
					tables++
				}
			}
			if tables != 1 {
				t.Errorf("%s: %d constant tables, want 1", tier, tables)
			}
		}
		const n = 64
		out := make([]byte, 4*n)
		if err := k.Run(context.Background(), dispatch([3]int{n / 8, 1, 1}, nil, out)); err != nil {
			t.Fatalf("%s: %v", tier, err)
		}
		for i := range n {
			tab := func(j int) uint32 { return uint32(j) * 2654435761 }
			if g, w := binary.LittleEndian.Uint32(out[4*i:]), tab(i*37%5000)^tab(4999-i%5000); g != w {
				t.Fatalf("%s: o[%d] = %#x, want %#x", tier, i, g, w)
			}
		}
	}
}
