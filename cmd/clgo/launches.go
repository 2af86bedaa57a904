//go:build !clgo_compile_only

package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"time"

	"github.com/clgo/clgo/internal/kspec"
)

// The launch-rate benchmark (clgo bench --launches N): how fast a runtime
// takes many small kernels, enqueue to completion. It measures the command
// path (argument capture, recording, submission, completion tracking)
// rather than the kernel.

// tickSrc is the built-in tiny kernel: one work-group that counts its
// launches, so that the result proves every launch ran.
const tickSrc = `//! kernel tick
//! global 64
//! local 64
//! arg buffer<uint> 64 zero
kernel void tick(global uint *n) { n[get_global_id(0)] += 1; }
`

func tickFile() *kfile {
	s, err := kspec.Parse("tick (built-in)", tickSrc)
	if err != nil {
		panic(err)
	}
	return &kfile{path: "tick (built-in)", src: tickSrc, spec: s}
}

// launchRow times n launches of f's kernel at its spec size on every
// target (each in a fresh context, after a warm-up of n/10 launches) and
// returns the table row: per-launch times and speeds.
func launchRow(f *kfile, n int, targets []target, cfg benchCfg) benchRow {
	s := f.spec
	in := inputs(s)
	size := fmt.Sprintf("%d × %s", n, dims(s.Global))
	row := benchRow{file: f.path, size: "launches " + size, perLaunch: n, cells: []string{f.path, size}}
	var base float64
	for i, t := range targets {
		var best time.Duration
		err := error(nil)
		if _, ref := t.(*refTarget); ref && f.src != tickSrc {
			err = cfg.guard.check(f, 1, s, in)
		}
		if err == nil {
			best, err = timeLaunches(t, f, n, cfg.runs, in)
		}
		cell := fmtPerLaunch(best, n)
		if err != nil {
			cell, best = "error", 0
			fmt.Fprintf(os.Stderr, "%s launches on %s: %v\n", f.path, t.name(), firstLine(err))
		}
		row.add(cell, float64(best), i, &base)
	}
	return row
}

// timeLaunches returns the fastest of runs timings of n launches.
func timeLaunches(t target, f *kfile, n, runs int, in [][]byte) (time.Duration, error) {
	if err := t.reset(); err != nil {
		return 0, err
	}
	if _, _, err := t.launches(f, f.spec, in, max(n/10, 1)); err != nil {
		return 0, err
	}
	var best time.Duration
	for r := range runs {
		wall, out, err := t.launches(f, f.spec, in, n)
		if err != nil {
			return 0, err
		}
		if f.src == tickSrc {
			if err := checkTicks(out[0], n); err != nil {
				return 0, err
			}
		}
		if benchVerbose {
			fmt.Fprintf(os.Stderr, "  %d launches of %s on %s: %v\n", n, f.spec.Kernel, t.name(), wall.Round(time.Microsecond))
		}
		if r == 0 || wall < best {
			best = wall
		}
	}
	return best, nil
}

// checkTicks verifies that every work-item of tick counted n launches.
func checkTicks(b []byte, n int) error {
	for i := 0; i+4 <= len(b); i += 4 {
		if got := binary.LittleEndian.Uint32(b[i:]); got != uint32(n) {
			return fmt.Errorf("tick: work-item %d counted %d launches of %d", i/4, got, n)
		}
	}
	return nil
}

func fmtPerLaunch(wall time.Duration, n int) string {
	per := float64(wall) / float64(n)
	switch {
	case per >= 1e6:
		return fmt.Sprintf("%.2fms", per/1e6)
	case per >= 1e3:
		return fmt.Sprintf("%.2fµs", per/1e3)
	}
	return fmt.Sprintf("%.0fns", per)
}
