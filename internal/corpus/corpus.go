// Package corpus finds and reads the test corpora under testdata/: the
// valid kernels (testdata/kernels/<feature>/*.cl, each with a `//!` run
// spec) and the wrong programs (testdata/diagnostics/*.cl, each with the
// exact diagnostics it must produce as `// expect:` lines). The tests of
// this package compile, validate and run the first and check the
// diagnostics of the second; see testdata/README.md for the formats.
package corpus

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
)

// ModuleRoot is the directory of the Go module (the one holding go.mod),
// found from this source file's location.
func ModuleRoot() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "."
	}
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// TestdataDir is the module's testdata directory.
func TestdataDir() string { return filepath.Join(ModuleRoot(), "testdata") }

// SharedKernelsDir is the shared kernel directory next to the module
// (../shared/kernels), which may be absent.
func SharedKernelsDir() string { return filepath.Join(ModuleRoot(), "..", "shared", "kernels") }

// Files lists the *.cl files under dir, recursively, sorted.
func Files(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".cl") {
			out = append(out, path)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Kernels lists the valid-kernel corpus.
func Kernels() ([]string, error) { return Files(filepath.Join(TestdataDir(), "kernels")) }

// Diagnostics lists the wrong-program corpus.
func Diagnostics() ([]string, error) { return Files(filepath.Join(TestdataDir(), "diagnostics")) }

// Name is the name a corpus file's subtest takes: its path below root,
// without the extension ("vector/swizzle_lvalue").
func Name(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		rel = filepath.Base(path)
	}
	return strings.TrimSuffix(filepath.ToSlash(rel), ".cl")
}

// ExpectedFile is the file holding the expected diagnostics of the wrong
// program at path: the same name with .expected for .cl.
func ExpectedFile(path string) string { return strings.TrimSuffix(path, ".cl") + ".expected" }

// Expectations reads the expected diagnostics of the wrong program at
// path, one "LINE:COL: SEVERITY: MESSAGE" per line (blank lines and lines
// starting with # are skipped).
func Expectations(path string) ([]string, error) {
	b, err := os.ReadFile(ExpectedFile(path))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out, nil
}

// Options returns the build options of a file's `//! options` line ("" if
// none).
func Options(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "//! options"); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// Format renders diagnostics as expectation lines: "LINE:COL: SEVERITY:
// MESSAGE" for positions in the file called name, "FILE:LINE:COL: ..." for
// other files, and "SEVERITY: MESSAGE" with no position.
func Format(name string, l *diag.List) []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, d := range l.Diags {
		var pos string
		switch {
		case !d.Pos.IsValid():
		case d.Pos.File == name:
			pos = fmt.Sprintf("%d:%d: ", d.Pos.Line, d.Pos.Col)
		default:
			pos = d.Pos.String() + ": "
		}
		out = append(out, pos+d.Severity.String()+": "+d.Msg)
	}
	return out
}

// WriteExpectations replaces the expectations of the wrong program at path
// with got. It serves `go test ./internal/corpus -update`.
func WriteExpectations(path string, got []string) error {
	var sb strings.Builder
	for _, g := range got {
		sb.WriteString(g + "\n")
	}
	return os.WriteFile(ExpectedFile(path), []byte(sb.String()), 0o644)
}
