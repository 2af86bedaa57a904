package types

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSharedKernels checks that every kernel of ../shared/kernels checks
// without errors or warnings.
func TestSharedKernels(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	if len(files) == 0 {
		t.Skip("no shared kernels")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, bits := range []int{32, 64} {
			_, _, diags, _ := checkSource(filepath.Base(path), string(src), &Config{AddressBits: bits})
			if len(diags.Diags) > 0 {
				t.Errorf("%s (%d-bit):\n%s", path, bits, diagLines(diags))
			}
		}
	}
}
