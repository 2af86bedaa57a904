package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// FuzzValidate: the validator never panics, and a module it accepts
// re-encodes to a module it accepts again, whose reflection can be read
// without panicking. Seeds: the issue 14 reproducers and the valid test
// modules.
func FuzzValidate(f *testing.F) {
	files, _ := filepath.Glob("../testdata/reliability/*.spv")
	more, _ := filepath.Glob("../testdata/glslang/*.spv")
	files = append(append(files, more...), "../testdata/kernel.spv")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Binary(data)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		spirv.ReadReflection(m)
		again, err := Binary(m.Encode())
		if err != nil {
			t.Fatalf("accepted module fails after re-encoding: %v", err)
		}
		if TightBound(again) > again.Bound {
			t.Fatalf("bound %d below the tight bound %d", again.Bound, TightBound(again))
		}
	})
}
