package spirv

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedTablesUpToDate regenerates the tables from the installed
// grammar JSON and compares them with the committed files.
func TestGeneratedTablesUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	dir := "/usr/include/spirv/unified1"
	if _, err := os.Stat(filepath.Join(dir, "spirv.core.grammar.json")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("grammar JSON is required under CI: %v", err)
		}
		t.Skip("spirv-headers not installed")
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/gen", "-dir", dir, "-out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator: %v\n%s", err, msg)
	}
	for _, f := range []string{"ops_gen.go", "enums_gen.go", "extinst_gen.go", "caps_gen.go"} {
		got, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./spirv", f)
		}
	}
}
