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

// TestMutations changes each word of the testdata modules after the
// header, one at a time, to a few values (small numbers, which are other
// ids, one more and one less, the id bound less one, all ones) and
// translates the result, which must not panic.
// It reaches deeper than byte-level fuzzing, whose mutations the decoder
// mostly refuses.
func TestMutations(t *testing.T) {
	as, err := exec.LookPath("spirv-as")
	if err != nil {
		t.Skip("spirv-as not installed")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.spvasm"))
	dir := t.TempDir()
	recoverPanics = false
	defer func() { recoverPanics = true }()
	for _, file := range files {
		out := filepath.Join(dir, "m.spv")
		if msg, err := exec.Command(as, "--target-env", "spv1.4", "-o", out, file).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", file, err, msg)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		words := make([]uint32, len(b)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		m := make([]uint32, len(words))
		for i := 5; i < len(words); i++ {
			for _, v := range []uint32{0, 1, 2, 3, 5, 8, words[i] + 1, words[i] - 1, words[3] - 1, 0xffffffff} {
				copy(m, words)
				m[i] = v
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("%s: word %d = %#x: panic: %v", file, i, v, r)
						}
					}()
					Translate(m, Options{})
				}()
			}
		}
	}
}
