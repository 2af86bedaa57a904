package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/clgo/clgo/compiler"
)

func init() {
	register(&command{
		name:    "bench-compile",
		usage:   "[--min DURATION] [--runs N] [--clang PATH] [--llvm-spirv PATH] FILE.cl...",
		summary: "time compiler.Compile against clang + llvm-spirv on kernel files, per file and geometric mean",
		help: `Times clgo's compiler (in process) and clang + llvm-spirv (as processes)
on each file and prints both, their ratio and the geometric mean.

Examples:
  clgo bench-compile testdata/kernels/*/*.cl
  clgo bench-compile --min 1s --clang clang-15 k.cl`,
		run: benchCompileCmd,
	})
}

// compileTiming is one file's result.
type compileTiming struct {
	file        string
	clgo, clang time.Duration // medians; 0 when that compiler failed
	clgoErr     error
	clangErr    error
	iters       int // clgo iterations timed
}

func benchCompileCmd(args []string) error {
	fs := newFlagSet("bench-compile")
	minDur := fs.Duration("min", 300*time.Millisecond, "time compiler.Compile on each file for at least this long (and at least 10 times); example: --min 1s")
	runs := fs.Int("runs", 5, "runs of clang + llvm-spirv per file (the median counts); example: --runs 9")
	clang := fs.String("clang", "clang-15", "the clang to compare with; example: --clang /usr/bin/clang-15")
	llvmSpirv := fs.String("llvm-spirv", "llvm-spirv-15", "the LLVM-to-SPIR-V translator to compare with; example: --llvm-spirv llvm-spirv-15")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("want kernel files")
	}
	var clangErr error
	for _, tool := range []string{*clang, *llvmSpirv} {
		if _, err := exec.LookPath(tool); err != nil {
			clangErr = fmt.Errorf("%s not found", tool)
		}
	}
	tmp, err := os.MkdirTemp("", "clgo-bench-compile")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	var results []compileTiming
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		src := string(b)
		optStr := specOptions(src)
		r := compileTiming{file: path}
		r.clgo, r.iters, r.clgoErr = timeClgoCompile(path, src, optStr, *minDur)
		if clangErr != nil {
			r.clangErr = clangErr
		} else {
			r.clang, r.clangErr = timeClangCompile(*clang, *llvmSpirv, path, optStr, tmp, max(*runs, 1))
		}
		results = append(results, r)
	}
	printCompileTable(results, *clang, *llvmSpirv)
	return nil
}

// specOptions is the `//! options` line of a kernel file ("" when none).
func specOptions(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "//! options"); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// timeClgoCompile runs compiler.Compile in process, once to warm up and
// then until minDur has passed (at least 10 times), and returns the median.
func timeClgoCompile(path, src, optStr string, minDur time.Duration) (time.Duration, int, error) {
	opts, err := compiler.ParseOptions(optStr)
	if err != nil {
		return 0, 0, err
	}
	if _, err := compiler.CompileFile(filepath.Base(path), src, opts); err != nil {
		return 0, 0, fmt.Errorf("compile: %v", firstLineOf(err.Error()))
	}
	var ds []time.Duration
	start := time.Now()
	for len(ds) < 10 || (time.Since(start) < minDur && len(ds) < 100000) {
		t0 := time.Now()
		if _, err := compiler.CompileFile(filepath.Base(path), src, opts); err != nil {
			return 0, 0, err
		}
		ds = append(ds, time.Since(t0))
	}
	return median(ds), len(ds), nil
}

// timeClangCompile runs `clang -cl-std=CL1.2 -target spir -c -emit-llvm`
// and then `llvm-spirv` as separate processes, runs times, and returns the
// median wall time of the pair.
func timeClangCompile(clang, llvmSpirv, path, optStr, tmp string, runs int) (time.Duration, error) {
	bc := filepath.Join(tmp, "x.bc")
	spv := filepath.Join(tmp, "x.spv")
	args := []string{"-cl-std=CL1.2", "-target", "spir", "-c", "-emit-llvm", "-o", bc}
	args = append(args, strings.Fields(optStr)...)
	args = append(args, path)
	var ds []time.Duration
	for i := 0; i < runs+1; i++ { // the first run warms the file cache
		t0 := time.Now()
		if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
			return 0, fmt.Errorf("%s: %v: %s", clang, err, firstLineOf(string(out)))
		}
		if out, err := exec.Command(llvmSpirv, bc, "-o", spv).CombinedOutput(); err != nil {
			return 0, fmt.Errorf("%s: %v: %s", llvmSpirv, err, firstLineOf(string(out)))
		}
		if i > 0 {
			ds = append(ds, time.Since(t0))
		}
	}
	return median(ds), nil
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func firstLineOf(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

func printCompileTable(results []compileTiming, clang, llvmSpirv string) {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "file\tclgo (median)\titers\t%s + %s (median)\tspeed-up\t\n", clang, llvmSpirv)
	var logSum float64
	var n int
	for _, r := range results {
		clgoCol, clangCol, ratio := fmtDur(r.clgo), fmtDur(r.clang), "-"
		if r.clgoErr != nil {
			clgoCol = "error"
		}
		if r.clangErr != nil {
			clangCol = "error"
		}
		if r.clgoErr == nil && r.clangErr == nil && r.clgo > 0 {
			x := float64(r.clang) / float64(r.clgo)
			ratio = fmt.Sprintf("%.1fx", x)
			logSum += math.Log(x)
			n++
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t\n", r.file, clgoCol, r.iters, clangCol, ratio)
	}
	if n > 0 {
		fmt.Fprintf(w, "geometric mean (%d files)\t\t\t\t%.1fx\t\n", n, math.Exp(logSum/float64(n)))
	}
	w.Flush()
	for _, r := range results {
		if r.clgoErr != nil {
			fmt.Printf("%s: clgo: %v\n", r.file, r.clgoErr)
		}
		if r.clangErr != nil {
			fmt.Printf("%s: clang: %v\n", r.file, r.clangErr)
		}
	}
	fmt.Println("speed-up = clang+llvm-spirv time / clgo time (processes vs in-process calls)")
}

func fmtDur(d time.Duration) string {
	switch {
	case d == 0:
		return "-"
	case d < time.Millisecond:
		return fmt.Sprintf("%.1fµs", float64(d)/1e3)
	}
	return fmt.Sprintf("%.2fms", float64(d)/1e6)
}
