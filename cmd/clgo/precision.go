package main

import (
	"flag"
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
		usage:   "[--device host|vulkan|N] [--full] [-n N] [--seed S] [--float|--double] [-v] [FUNC...]",
		summary: "measure the math builtins' worst ulp error and edge cases against Go references",
		run:     precisionCmd,
	})
}

func precisionCmd(args []string) error {
	fs := flag.NewFlagSet("precision", flag.ContinueOnError)
	device := fs.String("device", "", "clgo devices: a driver name or an index (default all)")
	full := fs.Bool("full", false, "the full run: 1,000,000 random inputs per builtin and format (default: the CI sample)")
	n := fs.Int("n", 0, "random inputs per builtin and format (overrides --full)")
	seed := fs.Uint64("seed", 1, "the random inputs' seed")
	onlyF := fs.Bool("float", false, "float only")
	onlyD := fs.Bool("double", false, "double only")
	verbose := fs.Bool("v", false, "list the failing cases")
	opts := fs.String("options", "", "build options (e.g. -cl-fast-relaxed-math)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
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
	for _, d := range devs {
		s, err := ulp.NewSession(d)
		if err != nil {
			return err
		}
		s.Options = *opts
		fmt.Printf("device %s\n", d)
		tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "builtin\ttype\tbound\tworst ulp\tover bound\tedge fails\tcases\t")
		for _, f := range funcs {
			for _, p := range []ulp.Prec{ulp.F32, ulp.F64} {
				if p == ulp.F32 && *onlyD || p == ulp.F64 && (*onlyF || !s.HasDouble()) {
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
