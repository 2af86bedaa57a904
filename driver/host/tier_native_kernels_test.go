package host_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
)

// TestNativeCoverage reports which kernels of the crypto corpus and the
// shared kernels compile to native code, and why the others do not. It
// fails only on an error that is not a refusal.
func TestNativeCoverage(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/kernels/crypto/*.cl")
	shared, _ := filepath.Glob("../../../shared/kernels/*.cl")
	for _, f := range append(files, shared...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var entry string
		local := [3]uint64{1, 1, 1}
		for _, line := range strings.Split(string(src), "\n") {
			if s, ok := strings.CutPrefix(line, "//! kernel "); ok {
				entry = strings.TrimSpace(s)
			}
			if s, ok := strings.CutPrefix(line, "//! local "); ok {
				for i, v := range strings.Split(strings.TrimSpace(s), ",") {
					n, _ := strconv.Atoi(strings.TrimSpace(v))
					local[i] = uint64(n)
				}
			}
		}
		res, err := compiler.Compile(string(src), compiler.DefaultOptions())
		if err != nil {
			t.Errorf("%s: compile: %v", f, err)
			continue
		}
		spec := map[uint32]uint64{0: local[0], 1: local[1], 2: local[2]}
		if err := host.NativeError(res.SPIRV, entry, spec); err != nil {
			t.Logf("%s: not native: %v", filepath.Base(f), err)
			continue
		}
		t.Logf("%s: native", filepath.Base(f))
	}
}
