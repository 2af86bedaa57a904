package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// walk calls f with every non-test Go file under dir.
func walk(t *testing.T, dir string, f func(path string, src []byte)) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f(path, src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
