package host_test

import (
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
}
