package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/clgo/clgo/internal/kspec"
)

func init() {
	register(&command{
		name:    "bench",
		usage:   "[--device host|vulkan|N] [--min DURATION] [--runs N] [--max-mem BYTES] FILE.cl...",
		summary: "time kernel files on every clgo device and every OpenCL platform, side by side",
		run:     benchCmd,
	})
}

// benchCfg bounds a benchmark.
type benchCfg struct {
	min    time.Duration // a timed run must last this long
	runs   int           // timed runs per target; the best counts
	maxMem uint64        // total buffer bytes of a scaled spec
	maxRun time.Duration // a target too slow for the common scale is timed at its own
}

func benchCmd(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	device := fs.String("device", "", "clgo devices: a driver name or an index (default all)")
	minDur := fs.Duration("min", 20*time.Millisecond, "scale sizes up until one run takes this long")
	runs := fs.Int("runs", 3, "timed runs per device (the fastest counts)")
	maxMem := fs.Uint64("max-mem", 256<<20, "largest total buffer size when scaling up")
	fs.BoolVar(&benchVerbose, "v", false, "trace the scaling on stderr")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("want kernel files")
	}
	cfg := benchCfg{min: *minDur, runs: max(*runs, 1), maxMem: *maxMem, maxRun: 5 * time.Second}
	var targets []target
	rdevs, err := refDevices()
	if err != nil {
		fmt.Fprintf(os.Stderr, "clgo bench: no OpenCL platform: %v\n", err)
	} else {
		ref := pickReference(rdevs)
		for _, d := range rdevsFirst(ref, rdevs) {
			t, err := newRefTarget(d)
			if err != nil {
				fmt.Fprintf(os.Stderr, "clgo bench: skipping %s: %v\n", d.Name, err)
				continue
			}
			defer t.close()
			targets = append(targets, t)
		}
	}
	devs, err := clgoDevices(*device)
	if err != nil {
		return err
	}
	for _, d := range devs {
		t, err := newClgoTarget(d)
		if err != nil {
			return err
		}
		defer t.close()
		targets = append(targets, t)
	}
	if len(targets) == 0 {
		return fmt.Errorf("nothing to run on")
	}

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := []string{"file", "global"}
	for i, t := range targets {
		header = append(header, t.name())
		if i > 0 {
			header = append(header, "×"+shortName(targets[0]))
		}
	}
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, path := range files {
		row := benchFile(path, targets, cfg)
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
		if len(files) > 1 {
			fmt.Fprintf(os.Stderr, "%s\n", strings.Join(row, " "))
		}
	}
	tw.Flush()
	fmt.Println("times: the fastest kernel run (profiling start to end); ×: time relative to the first column; ~: timed at a smaller size and scaled linearly")
	return nil
}

func rdevsFirst[T comparable](first T, all []T) []T {
	out := []T{first}
	for _, x := range all {
		if x != first {
			out = append(out, x)
		}
	}
	return out
}

func shortName(t target) string {
	n := t.name()
	if i := strings.Index(n, ":"); i > 0 {
		return n[:i]
	}
	return n
}

// specBytes is the total buffer size of s.
func specBytes(s *kspec.Spec) uint64 {
	var n uint64
	for i := range s.Args {
		if s.Args[i].Kind == kspec.ArgBuffer {
			n += s.Args[i].Bytes()
		}
	}
	return n
}

// benchVerbose traces the scaling to stderr.
var benchVerbose bool

// inputCache keeps the inputs of the last scaled spec: making them costs
// more than running many kernels.
var inputCache struct {
	f      *kfile
	factor uint64
	in     [][]byte
}

func cachedInputs(f *kfile, factor uint64, s *kspec.Spec) [][]byte {
	if inputCache.f != f || inputCache.factor != factor {
		inputCache.f, inputCache.factor, inputCache.in = f, factor, nil // free first
		inputCache.in = inputs(s)
	}
	return inputCache.in
}

// timeAt runs f scaled by factor on t runs times and returns the fastest
// kernel time.
func timeAt(f *kfile, t target, factor uint64, runs int) (uint64, error) {
	s := f.spec.Scaled(factor)
	in := cachedInputs(f, factor, s)
	start := time.Now()
	defer func() {
		if benchVerbose {
			fmt.Fprintf(os.Stderr, "  %s on %s ×%d: %d runs in %v\n", f.path, t.name(), factor, runs, time.Since(start).Round(time.Millisecond))
		}
	}()
	best := uint64(0)
	for i := range runs {
		_, ns, err := t.run(f, s, in, false)
		if err != nil {
			return 0, err
		}
		if i == 0 || ns < best {
			best = ns
		}
	}
	return best, nil
}

// benchFile times one file on every target and returns its table row.
//
// Each target first finds its own scale: the factor (doubling from 1) at
// which one run lasts cfg.min, within cfg.maxMem. Every target is then timed
// at the largest of those factors, so that the columns compare equal work;
// a target whose run there would exceed cfg.maxRun keeps its own scale and
// its time is scaled linearly (marked ~).
func benchFile(path string, targets []target, cfg benchCfg) []string {
	f, err := loadFile(path)
	if err != nil {
		return []string{path, "error: " + err.Error()}
	}
	type probe struct {
		factor uint64
		ns     uint64
		err    error
	}
	probes := make([]probe, len(targets))
	common := uint64(1)
	for i, t := range targets {
		p := &probes[i]
		p.factor = 1
		for {
			// The first run builds the program and warms up; time the next.
			if p.factor == 1 {
				if _, p.err = timeAt(f, t, 1, 1); p.err != nil {
					break
				}
			}
			if p.ns, p.err = timeAt(f, t, p.factor, 1); p.err != nil {
				break
			}
			if time.Duration(p.ns) >= cfg.min || specBytes(f.spec.Scaled(p.factor*2)) > cfg.maxMem {
				break
			}
			// Jump close to the target length, by powers of two.
			p.factor *= 2
			for p.ns > 0 && time.Duration(p.ns*2) < cfg.min/2 && specBytes(f.spec.Scaled(p.factor*2)) <= cfg.maxMem {
				p.factor *= 2
				p.ns *= 2
			}
		}
		if p.err == nil {
			common = max(common, p.factor)
		}
	}
	s := f.spec.Scaled(common)
	row := []string{path, dims(s.Global)}
	var base float64
	for i, t := range targets {
		p := probes[i]
		var cell string
		var ns float64
		switch {
		case p.err != nil:
			cell = "error"
			fmt.Fprintf(os.Stderr, "%s on %s: %v\n", path, t.name(), firstLine(p.err))
		case time.Duration(p.ns*(common/p.factor)) > cfg.maxRun:
			best, err := timeAt(f, t, p.factor, cfg.runs)
			if err != nil {
				cell = "error"
				break
			}
			ns = float64(best) * float64(common) / float64(p.factor)
			cell = "~" + fmtNs(uint64(ns))
		default:
			best, err := timeAt(f, t, common, cfg.runs)
			if err != nil {
				cell = "error"
				fmt.Fprintf(os.Stderr, "%s on %s: %v\n", path, t.name(), firstLine(err))
				break
			}
			ns = float64(best)
			cell = fmtNs(best)
		}
		row = append(row, cell)
		if i == 0 {
			base = ns
		} else if ns > 0 && base > 0 {
			row = append(row, fmt.Sprintf("%.2f", ns/base))
		} else {
			row = append(row, "-")
		}
	}
	return row
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
