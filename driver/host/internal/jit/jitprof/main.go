// Command jitprof turns perf's samples of generated code into time per
// lane-IR op: it reads the listings that jit writes under $CLGO_JIT_DUMP
// (profdump.go: the code's address and size, each op's code offset) and
// the sample addresses of `perf script -F ip`, and prints, per kernel,
// the share of all samples that fell into each op's code (the chunk
// dispatch after the last op counts under the last op; the group
// prologue before the first op's code under "prologue").
//
// Usage:
//
//	CLGO_JIT_DUMP=/tmp/d perf record -o /tmp/p.data <test binary> -test.bench ...
//	go run ./driver/host/internal/jit/jitprof -perf /tmp/p.data -dump /tmp/d
//
// (docs/hosttier.md, "Profiling generated code").
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	data := flag.String("perf", "perf.data", "perf record's output")
	dump := flag.String("dump", "", "the $CLGO_JIT_DUMP directory of the profiled run")
	top := flag.Int("top", 25, "ops to print per kernel")
	flag.Parse()
	if *dump == "" {
		fmt.Fprintln(os.Stderr, "jitprof: -dump is required")
		os.Exit(2)
	}
	names, err := filepath.Glob(filepath.Join(*dump, "jit-*.txt"))
	if err != nil || len(names) == 0 {
		fmt.Fprintf(os.Stderr, "jitprof: no jit-*.txt listing in %s\n", *dump)
		os.Exit(1)
	}
	var ls []*listing
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			fmt.Fprintf(os.Stderr, "jitprof: %v\n", err)
			os.Exit(1)
		}
		l, err := parseListing(string(b))
		if err != nil {
			fmt.Fprintf(os.Stderr, "jitprof: %s: %v\n", n, err)
			os.Exit(1)
		}
		l.name = filepath.Base(n)
		ls = append(ls, l)
	}
	out, err := exec.Command("perf", "script", "-i", *data, "-F", "ip").Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "jitprof: perf script: %v\n", err)
		os.Exit(1)
	}
	ips, err := parseIPs(string(out))
	if err != nil {
		fmt.Fprintf(os.Stderr, "jitprof: %v\n", err)
		os.Exit(1)
	}
	fmt.Print(report(ls, ips, *top))
}
