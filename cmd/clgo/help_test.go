//go:build !clgo_compile_only

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
)

// clgo help X and clgo X --help print the same full help: usage, summary,
// description with examples, and every option with an example.
func TestHelpEveryCommand(t *testing.T) {
	for name := range commands {
		var h1, h2, e bytes.Buffer
		if rc := Main([]string{"help", name}, &h1, &e); rc != 0 {
			t.Fatalf("help %s: rc %d: %s", name, rc, e.String())
		}
		if rc := Main([]string{name, "--help"}, &h2, &e); rc != 0 {
			t.Fatalf("%s --help: rc %d: %s", name, rc, e.String())
		}
		help := h1.String()
		if help != h2.String() {
			t.Errorf("%s: help X and X --help differ:\n%s\n---\n%s", name, help, h2.String())
		}
		if !strings.HasPrefix(help, "usage: clgo "+name+" ") || !strings.Contains(help, "Examples:\n") {
			t.Errorf("%s: no usage line or examples:\n%s", name, help)
		}
		// Every option line is followed by its description, which has an example.
		lines := strings.Split(help, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "  -") && i+1 < len(lines) && !strings.Contains(lines[i+1], "example: ") {
				t.Errorf("%s: option %s has no example: %q", name, strings.TrimSpace(l), lines[i+1])
			}
		}
	}
}

func TestCompileHelpListsTable(t *testing.T) {
	var out, e bytes.Buffer
	Main([]string{"help", "compile"}, &out, &e)
	for _, o := range compiler.OptionTable() {
		if !strings.Contains(out.String(), "\n  "+o.Usage()+"\n") {
			t.Errorf("clgo help compile does not list %s", o.Usage())
		}
	}
}

// A bad flag is a usage error: the message and the usage line on stderr,
// exit status 2, no help text on stdout.
func TestBadFlag(t *testing.T) {
	var out, e bytes.Buffer
	if rc := Main([]string{"run", "--bogus", "k.cl"}, &out, &e); rc != 2 || out.Len() != 0 ||
		e.String() != "clgo run: flag provided but not defined: -bogus\nusage: clgo run FILE.cl [--device host|vulkan|N]\n" {
		t.Fatalf("rc %d stdout %q stderr %q", rc, out.String(), e.String())
	}
}

type namedTarget struct {
	target
	n string
}

func (t namedTarget) name() string { return t.n }

// --format gobench writes one Go benchmark line per target that ran.
func TestGoBenchFormat(t *testing.T) {
	targets := []target{namedTarget{n: "PoCL: cpu-haswell"}, namedTarget{n: "clgo host"}, namedTarget{n: "clgo vulkan-1"}}
	var base float64
	r := benchRow{file: "dir/saxpy.cl", size: "global 1024", cells: []string{"dir/saxpy.cl", "1024"}}
	r.add("1ms", 1e6, 0, &base)
	r.add("2ms", 2e6, 1, &base)
	r.add("error", 0, 2, &base)
	var b bytes.Buffer
	r.writeGoBench(&b, targets, 3)
	want := "BenchmarkSaxpy/PoCL_cpu_haswell\t3\t1000000.0 ns/op\nBenchmarkSaxpy/clgo_host\t3\t2000000.0 ns/op\n"
	if b.String() != want {
		t.Fatalf("got\n%q\nwant\n%q", b.String(), want)
	}
	if got := r.label(targets); got != "dir/saxpy.cl: global 1024; PoCL: cpu-haswell 1ms (baseline); clgo host 2ms (speed 0.50); clgo vulkan-1 error (speed -)" {
		t.Fatalf("label %q", got)
	}
}
