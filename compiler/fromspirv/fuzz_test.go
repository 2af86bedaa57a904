package fromspirv

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// FuzzTranslate feeds mutated modules to Translate, which must return an
// error rather than panic. The seeds are the testdata modules (assembled
// when spirv-as is installed) and the committed binaries.
func FuzzTranslate(f *testing.F) {
	if as, err := exec.LookPath("spirv-as"); err == nil {
		files, _ := filepath.Glob(filepath.Join("testdata", "*.spvasm"))
		dir := f.TempDir()
		for _, file := range files {
			out := filepath.Join(dir, filepath.Base(file)+".spv")
			if exec.Command(as, "--target-env", "spv1.4", "-o", out, file).Run() == nil {
				if b, err := os.ReadFile(out); err == nil {
					f.Add(b)
				}
			}
		}
	}
	bins, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.spv"))
	for _, file := range bins {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	recoverPanics = false
	f.Fuzz(func(t *testing.T, b []byte) {
		words := make([]uint32, len(b)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		Translate(words, Options{})
	})
}
