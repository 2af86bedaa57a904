//go:build !clgo_compile_only

package main

import (
	"fmt"
	"math"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/clgo/clgo/internal/ulp"
)

func init() {
	register(&command{
		name:    "precision",
		usage:   "[--device host|vulkan|N] [--exact] [--full] [-n N] [--seed S] [--float|--double|--half] [-v] [FUNC...]",
		summary: "measure the math builtins' worst ulp error and edge cases (--exact: integer builtins and conversions bit for bit) against Go references",
		run:     precisionCmd,
		help: `Runs every math builtin (or the FUNCs named) on random and edge-case
inputs on each clgo device and compares with a Go reference computed in
higher precision: the worst error in ulp against OpenCL's bound (§7.4), and
the edge cases (NaN, infinities, zeros, subnormals) that must be exact.
--exact checks the integer builtins and conversions bit for bit instead.
The table goes to standard output; progress (a line a builtin) to standard
error. Exits 1 when a builtin misses its bound.

Examples:
  clgo precision                          # every builtin, the CI sample
  clgo precision --device host sin cos    # two builtins on the host device
  clgo precision --full --float exp       # 1,000,000 inputs, float only
  clgo precision --options -cl-fast-relaxed-math
  clgo precision --exact convert`,
	})
}

func precisionCmd(args []string) error {
	fs := newFlagSet("precision")
	device := fs.String("device", "", "clgo devices: a driver name or an index (default all); example: --device vulkan")
	full := fs.Bool("full", false, "the full run: 1,000,000 random inputs per builtin and format (default: the CI sample); example: --full")
	n := fs.Int("n", 0, "random inputs per builtin and format (overrides --full); example: -n 100000")
	seed := fs.Uint64("seed", 1, "the random inputs' seed; example: --seed 7")
	onlyF := fs.Bool("float", false, "float only; example: --float")
	onlyD := fs.Bool("double", false, "double only; example: --double")
	onlyH := fs.Bool("half", false, "half only (cl_khr_fp16 devices; the functions of the half ULP table); example: --half")
	verbose := fs.Bool("v", false, "list the failing cases; example: -v")
	opts := fs.String("options", "", "build options for the kernels (clgo help compile lists them); example: --options -cl-fast-relaxed-math")
	exact := fs.Bool("exact", false, "check the integer builtins and conversions (FUNC: an integer builtin or convert) for exact results; example: --exact convert")
	prog := addProgressFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *exact {
		return exactCmd(*device, *full, *n, *seed, *opts, *verbose, prog.on, rest)
	}
	count := ulp.SampleInputs
	if *full {
		count = ulp.FullInputs
	}
	if *n > 0 {
		count = *n
	}
	var funcs []*ulp.Func
	for _, name := range rest {
		f := ulp.Lookup(name)
		if f == nil {
			return usagef("unknown builtin %q (have: %s)", name, strings.Join(ulp.Names(), " "))
		}
		funcs = append(funcs, f)
	}
	if len(funcs) == 0 {
		funcs = ulp.Funcs
	}
	devs, err := clgoDevices(*device)
	if err != nil {
		return err
	}
	failed := false
	prg := newProgress("precision", prog.on, len(devs)*len(funcs))
	for _, d := range devs {
		s, err := ulp.NewSession(d)
		if err != nil {
			return err
		}
		s.Options = *opts
		fmt.Printf("device %s%s\n", d, flushNote(s))
		tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "builtin\ttype\tbound\tworst ulp\tover bound\tedge fails\tcases\t")
		for _, f := range funcs {
			for _, p := range []ulp.Prec{ulp.F32, ulp.F64, ulp.F16} {
				if p == ulp.F32 && (*onlyD || *onlyH) || p == ulp.F64 && (*onlyF || *onlyH || !s.HasDouble()) ||
					p == ulp.F16 && (*onlyF || *onlyD || !s.HasHalf() || !f.HasHalf()) {
					continue
				}
				r := s.Check(f, p, ulp.MakeInputs(f, p, count, *seed), ulp.Widths)
				if !r.OK() && r.Bound >= 0 {
					failed = true
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\n", f.Name, p, boundText(r.Bound), ulpText(r),
					r.NFail, r.NEdgeFail, r.N, status(r))
				if *verbose || r.Err != nil {
					tw.Flush()
					printDetails(r)
				}
			}
			prg.step("%s on %s", f.Name, d)
		}
		tw.Flush()
		s.Close()
	}
	if failed {
		return errSilent
	}
	return nil
}

func boundText(b float64) string {
	switch {
	case b < 0:
		return "—"
	case math.IsInf(b, 1):
		return "any"
	case b == 0.5:
		return "c.r."
	}
	return fmt.Sprint(b)
}

func ulpText(r *ulp.Result) string {
	if r.Err != nil {
		return "error"
	}
	return fmt.Sprintf("%.3g", r.MaxULP)
}

func status(r *ulp.Result) string {
	switch {
	case r.Err != nil:
		return "ERROR"
	case r.OK():
		return "ok"
	case r.Bound < 0 && r.NEdgeFail == 0:
		return "ok (no bound)"
	}
	return "FAIL"
}

func printDetails(r *ulp.Result) {
	if r.Err != nil {
		msg := r.Err.Error()
		if len(msg) > 800 {
			msg = msg[:800] + "..."
		}
		fmt.Printf("    error: %s\n", msg)
	}
	if r.Worst != "" {
		fmt.Printf("    worst: %s\n", r.Worst)
	}
	for _, s := range r.Fails {
		fmt.Printf("    over: %s\n", s)
	}
	for _, s := range r.EdgeFails {
		fmt.Printf("    edge: %s\n", s)
	}
}

// exactCmd is precision --exact: every integer builtin on every integer
// type and every conversion between scalar types, compared bit for bit.
func exactCmd(device string, full bool, n int, seed uint64, opts string, verbose, prog bool, names []string) error {
	count := ulp.ExactSampleInputs
	if full {
		count = ulp.ExactFullInputs
	}
	if n > 0 {
		count = n
	}
	var funcs []*ulp.IntFunc
	conv := len(names) == 0
	for _, name := range names {
		if name == "convert" {
			conv = true
			continue
		}
		f := ulp.LookupInt(name)
		if f == nil {
			var have []string
			for _, f := range ulp.IntFuncs {
				have = append(have, f.Name)
			}
			return usagef("unknown integer builtin %q (have: %s convert)", name, strings.Join(have, " "))
		}
		funcs = append(funcs, f)
	}
	if len(names) == 0 {
		funcs = ulp.IntFuncs
	}
	devs, err := clgoDevices(device)
	if err != nil {
		return err
	}
	failed := false
	p := newProgress("precision --exact", prog, 0)
	for _, d := range devs {
		s, err := ulp.NewSession(d)
		if err != nil {
			return err
		}
		s.Options = opts
		fmt.Printf("device %s%s\n", d, flushNote(s))
		tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "builtin\ttype\twrong\tcases\t")
		report := func(r *ulp.ExactResult) {
			st := "ok"
			switch {
			case r.Err != nil:
				st = "ERROR"
			case !r.OK():
				st = "FAIL"
			}
			if !r.OK() {
				failed = true
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", r.Name, r.Type, r.NFail, r.N, st)
			p.step("%s %s on %s: %s, %d of %d cases wrong", r.Name, r.Type, d, st, r.NFail, r.N)
			if r.Err != nil || verbose && !r.OK() {
				tw.Flush()
				if r.Err != nil {
					msg := r.Err.Error()
					if len(msg) > 800 {
						msg = msg[:800] + "..."
					}
					fmt.Printf("    error: %s\n", msg)
				}
				for _, f := range r.Fails {
					fmt.Printf("    wrong: %s\n", f)
				}
			}
		}
		for _, f := range funcs {
			for _, t := range ulp.IntScalarsOf(f) {
				report(s.CheckInt(f, t, ulp.MakeIntInputs(f, t, count, seed), ulp.ExactWidths))
			}
		}
		if conv {
			dsts := ulp.ConvScalars
			if !s.HasDouble() {
				dsts = ulp.ConvScalars[:len(ulp.ConvScalars)-1]
			}
			for _, src := range dsts {
				for _, r := range s.CheckConvert(src, dsts, ulp.MakeConvInputs(src, count, seed), ulp.ExactWidths) {
					report(r)
				}
			}
		}
		tw.Flush()
		s.Close()
	}
	if failed {
		return errSilent
	}
	return nil
}

// flushNote says when the checker accepts flushed float subnormals on the
// device (§7.5.3: it does not promise to keep them).
func flushNote(s *ulp.Session) string {
	if s.Flushes(ulp.F32) {
		return " (float subnormals may flush)"
	}
	return ""
}
