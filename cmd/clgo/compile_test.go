package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// clgo compile -output-format=c writes the words as a C initializer list
// into FILE.spvinc, and warns about options it ignores.
func TestCompileOutputFormatC(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k.cl")
	os.WriteFile(path, []byte("kernel void k(global int *a) { a[0] = 1; }\n"), 0o644)
	var out, errb bytes.Buffer
	if rc := Main([]string{"compile", "-output-format=c", "-inline-entry-points", "-decorate-nonuniform", path}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	want := "warning: argument unused during compilation: '-decorate-nonuniform': not implemented [-Wunused-command-line-argument]\n"
	if !strings.HasPrefix(errb.String(), want) {
		t.Fatalf("stderr:\n%s", errb.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "k.spvinc"))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.HasPrefix(s, "{119734787,\n66304,\n") || !strings.HasSuffix(s, "}\n") {
		t.Fatalf("C initializer:\n%.80s", s)
	}
	if _, err := os.Stat(filepath.Join(dir, "utput-format=c")); err == nil {
		t.Fatal("-output-format=c was read as -o")
	}
}

// clgo compile overwrites an existing output in place: a longer file
// is cut to the new output's length, and -o /dev/null still works.
func TestCompileOverwritesOutput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k.cl")
	os.WriteFile(path, []byte("kernel void k(global int *a) { a[0] = 1; }\n"), 0o644)
	fresh := filepath.Join(dir, "fresh.spv")
	var out, errb bytes.Buffer
	if rc := Main([]string{"compile", "-o", fresh, path}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	want, _ := os.ReadFile(fresh)
	old := filepath.Join(dir, "old.spv")
	os.WriteFile(old, bytes.Repeat([]byte{0xee}, 3*len(want)+5), 0o600)
	for _, o := range []string{old, old, os.DevNull} {
		if rc := Main([]string{"compile", "-o", o, path}, &out, &errb); rc != 0 {
			t.Fatalf("-o %s: rc %d: %s", o, rc, errb.String())
		}
	}
	if got, _ := os.ReadFile(old); !bytes.Equal(got, want) {
		t.Errorf("overwritten output: %d bytes, want the %d of a fresh one", len(got), len(want))
	}
}
