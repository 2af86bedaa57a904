package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestREADME runs the Go program of the README's quick start and checks
// what it prints, so that the README's code stays code that works.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## Quick start in Go.*?```go\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README: no Go code under \"Quick start in Go\"")
	}
	// Inside the module, so that the import resolves; testdata is left
	// out of ./... patterns.
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", "readme")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), m[1], 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./"+dir)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run of the README's program: %v\n%s", err, out)
	}
	if want := "[11 22 33 44]\n"; string(out) != want {
		t.Fatalf("the README's program printed %q, want %q", out, want)
	}
}
