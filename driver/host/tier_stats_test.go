package host_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
)

// TestTierStats prints the lane program of the kernel file named by
// $TIER_FILE (a debugging aid; skipped without it).
func TestTierStats(t *testing.T) {
	path := os.Getenv("TIER_FILE")
	if path == "" {
		t.Skip("TIER_FILE not set")
	}
	s, src := loadSpec(t, path)
	opts, _ := compiler.ParseOptions(s.ClgoBuildOptions())
	res, err := compiler.CompileFile(s.File, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	spec := map[uint32]uint64{0: 64, 1: 1, 2: 1}
	for d := range s.Local {
		spec[uint32(d)] = s.Local[d]
	}
	st, err := host.TierStats(res.SPIRV, s.Kernel, spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(filepath.Base(path), "\n", strings.TrimSpace(st))
	// $TIER_CODE: write the native code there (.bin) with the lane
	// program and each op's code offset (.ops), for objdump and perf.
	if out := os.Getenv("TIER_CODE"); out != "" {
		prog, code, starts, err := host.NativeCode(res.SPIRV, s.Kernel, spec)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(prog), "\n")
		var b strings.Builder
		for _, l := range lines {
			var i int
			if _, err := fmt.Sscan(strings.TrimSpace(l), &i); err == nil && i >= 0 && i < len(starts) && !strings.HasPrefix(strings.TrimSpace(l), "v") {
				fmt.Fprintf(&b, "%6x %s\n", starts[i], l)
				continue
			}
			fmt.Fprintf(&b, "       %s\n", l)
		}
		if err := os.WriteFile(out+".bin", code, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out+".ops", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
