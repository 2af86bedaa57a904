package cl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/internal/config"
)

// TestDumpDir: with CLGO_DUMP_DIR set, a build leaves its source, options,
// log and SPIR-V there, and a failed build its source and log.
func TestDumpDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(config.DumpDir, dir)
	config.Reload()
	t.Cleanup(config.Reload) // after t.Setenv restores the environment
	dev := hostDevice(t)
	ctx, err := CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Release()
	good := "kernel void k(global int *a) { a[0] = 1; }\n"
	bad := "kernel void k(global int *a) { a[0] = nope; }\n"
	for _, src := range []string{good, bad} {
		p, err := ctx.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		p.Build("-DX=1")
		p.Release()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "clgo-*"))
	exts := map[string]int{}
	for _, f := range files {
		exts[filepath.Ext(f)]++
		if filepath.Ext(f) == ".options" {
			b, _ := os.ReadFile(f)
			if !strings.Contains(string(b), "options: -DX=1") {
				t.Errorf("%s: %q", f, b)
			}
		}
	}
	if exts[".cl"] != 2 || exts[".options"] != 2 || exts[".log"] != 2 || exts[".spv"] != 1 {
		t.Errorf("dump files: %v (want 2 .cl, .options, .log and 1 .spv)", files)
	}
}
