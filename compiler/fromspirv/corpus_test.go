package fromspirv_test

//go:generate sh testdata/corpus/gen.sh

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/internal/kspec"
)

// TestCorpus runs kernels of the repository's corpus twice on the host
// device: built from their OpenCL C source, and built from the SPIR-V that
// clang and the SPIR-V LLVM translator make of the same source
// (testdata/corpus/FOLDER__NAME.spv, made by testdata/corpus/gen.sh from
// testdata/kernels/FOLDER/NAME.cl), translated by this package. Every
// buffer must agree within the kernel's own tolerance.
//
// FROMSPIRV_CORPUS=DIR runs the .spv files of DIR instead (made by gen.sh
// with other arguments), to try the whole corpus; FROMSPIRV_KERNELS=DIR
// looks for their sources in DIR/FOLDER/NAME.cl.
func TestCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "corpus")
	if d := os.Getenv("FROMSPIRV_CORPUS"); d != "" {
		dir = d
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.spv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no .spv files in %s", dir)
	}
	kernels := filepath.Join(corpus.TestdataDir(), "kernels")
	if d := os.Getenv("FROMSPIRV_KERNELS"); d != "" {
		kernels = d
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".spv")
		t.Run(name, func(t *testing.T) {
			folder, base, ok := strings.Cut(name, "__")
			if !ok {
				t.Fatalf("%s: want FOLDER__NAME.spv", f)
			}
			src := filepath.Join(kernels, folder, base+".cl")
			text, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			spec, err := kspec.Parse(src, string(text))
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			want := runSpec(t, string(text), spec.ClgoBuildOptions(), spec)
			mid := time.Now()
			res, err := fromspirv.Translate(readWords(t, f), fromspirv.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := runSpec(t, res.Source, strings.Join(res.Options, " "), spec)
			t.Logf("build and run: source %v, translated %v", mid.Sub(start).Round(time.Millisecond), time.Since(mid).Round(time.Millisecond))
			for i := range spec.Args {
				if want[i] == nil {
					continue
				}
				if r := spec.Compare(i, want[i], got[i]); !r.OK {
					t.Errorf("%s\ntranslated source:\n%s", r, numbered(res.Source))
				}
			}
		})
	}
}
