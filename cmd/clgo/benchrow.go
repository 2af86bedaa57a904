//go:build !clgo_compile_only

package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"
)

// benchRow is one file's result in clgo bench: the table's cells and the
// times behind them.
type benchRow struct {
	file, size string
	cells      []string  // the table row: file, size, then time (and speed) per target
	ns         []float64 // per target: the time, 0 after an error
	perLaunch  int       // --launches N: ns is the wall time of N launches
	err        error     // the file could not be loaded
}

func errorRow(path string, err error) benchRow {
	return benchRow{file: path, err: err, cells: []string{path, "error: " + err.Error()}}
}

// add appends target i's cell and time; the first target is the baseline.
func (r *benchRow) add(cell string, ns float64, i int, base *float64) {
	r.cells = append(r.cells, cell)
	r.ns = append(r.ns, ns)
	if i == 0 {
		*base = ns
	} else {
		r.cells = append(r.cells, speed(*base, ns))
	}
}

// label is the row as a line that says what each number is: the progress
// line of clgo bench.
func (r *benchRow) label(targets []target) string {
	if r.err != nil {
		return fmt.Sprintf("%s: error: %v", r.file, r.err)
	}
	parts := []string{r.file + ": " + r.size}
	for i, t := range targets {
		switch {
		case i >= len(r.ns):
		case i == 0:
			parts = append(parts, fmt.Sprintf("%s %s (baseline)", t.name(), r.cells[2]))
		default:
			// cells: file, size, baseline, then time and speed per target.
			parts = append(parts, fmt.Sprintf("%s %s (speed %s)", t.name(), r.cells[2*i+1], r.cells[2*i+2]))
		}
	}
	return strings.Join(parts, "; ")
}

// writeGoBench writes the row in Go's benchmark format, one line per target
// that ran: "BenchmarkSaxpy/clgo_host 3 123456.0 ns/op", where runs is the
// number of timed runs (the time is the fastest of them, per launch with
// --launches). benchstat compares such files run against run.
func (r *benchRow) writeGoBench(w io.Writer, targets []target, runs int) {
	if r.err != nil {
		return
	}
	name := "Benchmark" + upperFirst(benchName(strings.TrimSuffix(filepath.Base(r.file), filepath.Ext(r.file))))
	for i, t := range targets {
		if i >= len(r.ns) || r.ns[i] <= 0 {
			continue
		}
		ns := r.ns[i]
		if r.perLaunch > 0 {
			ns /= float64(r.perLaunch)
		}
		fmt.Fprintf(w, "%s/%s\t%d\t%.1f ns/op\n", name, benchName(t.name()), runs, ns)
	}
}

// benchName makes s a benchmark name part: letters, digits and '.' kept,
// every run of anything else (blanks, slashes, parentheses, and '-', which
// benchstat reads as the GOMAXPROCS suffix) as one '_'.
func benchName(s string) string {
	var b strings.Builder
	under := false
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '.' {
			b.WriteRune(c)
			under = false
		} else if !under {
			b.WriteByte('_')
			under = true
		}
	}
	return strings.Trim(b.String(), "_")
}
