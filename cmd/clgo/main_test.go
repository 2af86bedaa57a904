//go:build !clgo_compile_only

package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/internal/refcl"
)

func needOpenCL(t *testing.T) {
	t.Helper()
	if _, err := refcl.AllDevices(); err != nil {
		if errors.Is(err, refcl.ErrNoOpenCL) && os.Getenv("CI") != "true" {
			t.Skip(err)
		}
		t.Fatal(err)
	}
}

func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := Main([]string{"nope"}, &out, &errb); rc != 2 || !strings.Contains(errb.String(), "unknown command") {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	if rc := Main([]string{"help"}, &out, &errb); rc != 0 || !strings.Contains(out.String(), "check") {
		t.Fatalf("help: %s", out.String())
	}
	if rc := Main([]string{"run"}, &out, &errb); rc != 2 {
		t.Fatalf("run without file: rc %d", rc)
	}
}

func TestParseFlags(t *testing.T) {
	for _, args := range [][]string{{"a.cl", "--device", "host", "b.cl"}, {"--device=host", "a.cl", "b.cl"}} {
		fs := newTestFlags()
		pos, err := parseFlags(fs.set, args)
		if err != nil || len(pos) != 2 || *fs.dev != "host" {
			t.Fatalf("%v: %v %v %q", args, pos, err, *fs.dev)
		}
	}
}

func TestCheckRefOnly(t *testing.T) {
	needOpenCL(t)
	dir := t.TempDir()
	src := `//! kernel add
//! global 1000
//! arg buffer<int> 1000 random(-5,5)
//! arg buffer<int> 1000 iota
//! arg buffer<float> 1000 out
kernel void add(global int *a, global const int *b, global float *c) {
	size_t i = get_global_id(0);
	c[i] = a[i] + b[i] * 0.5f;
	a[i] += 1;
}
`
	path := dir + "/add.cl"
	os.WriteFile(path, []byte(src), 0o644)
	var out, errb bytes.Buffer
	if rc := Main([]string{"check", "--ref-only", "--progress", path}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	// --progress: a line per file on stderr, with the count.
	if !strings.HasPrefix(errb.String(), "clgo check: [1/1] "+path+": ok (0 failed so far) (") {
		t.Fatalf("progress: %q", errb.String())
	}
	os.WriteFile(path, []byte(strings.Replace(src, "global 1000", "global 0", 1)), 0o644)
	if rc := Main([]string{"check", "--ref-only", path}, &out, &errb); rc != 1 {
		t.Fatalf("bad spec: rc %d", rc)
	}
}

type testFlags struct {
	set *flag.FlagSet
	dev *string
}

func newTestFlags() testFlags {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	return testFlags{fs, fs.String("device", "", "")}
}
