//go:build !clgo_compile_only

package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/internal/kspec"
)

func init() {
	register(&command{
		name:    "bench",
		usage:   "[--device host|vulkan|N] [--ref NAME] [--launches N] [--min DURATION] [--runs N] [--max-mem BYTES] FILE.cl...",
		summary: "time kernel files (or kernel launches) on every clgo device and every OpenCL platform, side by side",
		run:     benchCmd,
		help: `Times each file's kernel (its //! spec, docs/kspec.md) on every OpenCL
platform and every clgo device. Each target scales the spec's sizes up until
one run lasts --min; all are then timed at the largest scale, so every column
does the same work. The first column is the baseline; "speed" is the
baseline's time over the column's.

Standard output gets the table (or, with --format gobench, one Go benchmark
line per file and target, for benchstat); standard error gets a labelled
line per file as it finishes, so a long run is not silent.

Examples:
  clgo bench examples/saxpy.cl
  clgo bench --device vulkan --ref pocl *.cl
  clgo bench --launches 1000                  # launch overhead of a tiny kernel
  clgo bench --format gobench --runs 5 *.cl > new.txt && benchstat old.txt new.txt`,
	})
}

// benchCfg bounds a benchmark.
type benchCfg struct {
	min    time.Duration // a timed run must last this long
	runs   int           // timed runs per target; the best counts
	maxMem uint64        // total buffer bytes of a scaled spec
	maxRun time.Duration // a target too slow for the common scale is timed at its own
	guard  *boundsGuard  // runs each size on the host device before another OpenCL does
}

func benchCmd(args []string) error {
	fs := newFlagSet("bench")
	device := fs.String("device", "", "clgo devices: a driver name or an index (default all); example: --device vulkan")
	ref := fs.String("ref", "", "the baseline (first column, speed 1): a substring of an OpenCL platform's or device's name, or of a clgo device's (default: the OpenCL of the benchmarked GPU's vendor, else PoCL); example: --ref pocl")
	launches := fs.Int("launches", 0, "time N launches of each file's kernel (of a built-in tiny kernel without files) instead of the kernel itself; example: --launches 1000")
	minDur := fs.Duration("min", 20*time.Millisecond, "scale sizes up until one run takes this long; example: --min 100ms")
	runs := fs.Int("runs", 3, "timed runs per device (the fastest counts); example: --runs 5")
	maxMem := fs.Uint64("max-mem", 256<<20, "largest total buffer size in bytes when scaling up; example: --max-mem 1073741824")
	format := fs.String("format", "table", "what standard output gets: table, or gobench (Go benchmark lines for benchstat: BenchmarkFILE/TARGET runs ns/op); example: --format gobench")
	fs.BoolVar(&benchVerbose, "v", false, "trace the scaling on stderr; example: -v")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 && *launches == 0 {
		return usagef("want kernel files")
	}
	if *format != "table" && *format != "gobench" {
		return usagef("unknown --format %q (want table or gobench)", *format)
	}
	cfg := benchCfg{min: *minDur, runs: max(*runs, 1), maxMem: *maxMem, maxRun: 5 * time.Second}
	targets, err := benchTargets(*device, *ref)
	if err != nil {
		return err
	}
	defer func() {
		for _, t := range targets {
			t.close()
		}
	}()
	cfg.guard = newBoundsGuard(targets)
	defer cfg.guard.close()

	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := []string{"file", "global"}
	if *launches > 0 {
		header[1] = "launch"
	}
	for i, t := range targets {
		header = append(header, t.name())
		if i > 0 {
			header = append(header, "speed")
		}
	}
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	var rows []func() benchRow
	if *launches > 0 {
		if len(files) == 0 {
			rows = append(rows, func() benchRow { return launchRow(tickFile(), *launches, targets, cfg) })
		}
		for _, path := range files {
			rows = append(rows, func() benchRow {
				f, err := loadFile(path)
				if err != nil {
					return errorRow(path, err)
				}
				return launchRow(f, *launches, targets, cfg)
			})
		}
	} else {
		for _, path := range files {
			rows = append(rows, func() benchRow { return benchFile(path, targets, cfg) })
		}
	}
	// Progress: every finished row, labelled, on standard error (the
	// table itself is aligned only when complete).
	prog := newProgress("bench", true, len(rows))
	for _, r := range rows {
		row := r()
		prog.step("%s", row.label(targets))
		if *format == "gobench" {
			row.writeGoBench(os.Stdout, targets, cfg.runs)
			continue
		}
		fmt.Fprintln(tw, strings.Join(row.cells, "\t")+"\t")
	}
	if *format == "gobench" {
		return nil
	}
	tw.Flush()
	fmt.Printf("baseline: %s\n", targets[0].name())
	if *launches > 0 {
		fmt.Printf("times: per launch, the wall time of enqueueing %d launches (arguments set once, no events kept, no profiling) and finishing the queue, ÷ %d; the fastest of %d runs\n", *launches, *launches, cfg.runs)
	} else {
		fmt.Println("times: the fastest kernel run (profiling start to end); ~: timed at a smaller size and scaled up by the growth measured while scaling")
	}
	fmt.Println("speed: relative to the baseline = baseline time ÷ this time (2.00: twice as fast as the baseline; 0.50: half as fast)")
	return nil
}

// benchTargets opens the reference OpenCL devices and the selected clgo
// devices, the baseline first.
func benchTargets(device, ref string) ([]target, error) {
	var refs []*refTarget
	if rdevs, err := refDevices(); err != nil {
		fmt.Fprintf(os.Stderr, "clgo bench: no OpenCL platform: %v\n", err)
	} else {
		for _, d := range rdevs {
			t, err := newRefTarget(d)
			if err != nil {
				fmt.Fprintf(os.Stderr, "clgo bench: skipping %s: %v\n", d.Name, err)
				continue
			}
			refs = append(refs, t)
		}
	}
	var clgos []*clgoTarget
	devs, err := clgoDevices(device)
	if err == nil {
		for _, d := range devs {
			t, err2 := newClgoTarget(d)
			if err2 != nil {
				err = err2
				break
			}
			clgos = append(clgos, t)
		}
	}
	var all []target
	for _, t := range refs {
		all = append(all, t)
	}
	for _, t := range clgos {
		all = append(all, t)
	}
	if err == nil && len(all) == 0 {
		err = fmt.Errorf("nothing to run on")
	}
	var base target
	if err == nil {
		base, err = pickBaseline(ref, refs, clgos)
	}
	if err != nil {
		for _, t := range all {
			t.close()
		}
		return nil, err
	}
	return rdevsFirst(base, all), nil
}

// pickBaseline chooses the first column. sel, when given, is a substring
// (any case) of a reference platform's or device's name, else of a clgo
// target's name. By default it is the OpenCL of the vendor of the first
// clgo GPU (any GPU platform when that vendor has none), else PoCL, else
// the first reference, else the first clgo device.
func pickBaseline(sel string, refs []*refTarget, clgos []*clgoTarget) (target, error) {
	if sel != "" {
		low := strings.ToLower(sel)
		for _, t := range refs {
			if strings.Contains(strings.ToLower(t.dev.Platform.Name), low) || strings.Contains(strings.ToLower(t.dev.Name), low) {
				return t, nil
			}
		}
		var names []string
		for _, t := range clgos {
			if strings.Contains(strings.ToLower(t.name()), low) {
				return t, nil
			}
		}
		for _, t := range refs {
			names = append(names, t.name())
		}
		for _, t := range clgos {
			names = append(names, t.name())
		}
		return nil, fmt.Errorf("--ref %q names none of: %s", sel, strings.Join(names, "; "))
	}
	for _, c := range clgos {
		info := c.dev.Info()
		if info.Type&cl.DeviceTypeGPU == 0 {
			continue
		}
		for _, t := range refs {
			if t.dev.Type&4 != 0 && t.dev.VendorID == info.VendorID {
				return t, nil
			}
		}
		for _, t := range refs {
			if t.dev.Type&4 != 0 {
				return t, nil
			}
		}
	}
	for _, t := range refs {
		if strings.Contains(t.dev.Platform.Name, "Portable Computing Language") {
			return t, nil
		}
	}
	if len(refs) > 0 {
		return refs[0], nil
	}
	return clgos[0], nil
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

// speed formats the baseline's time over ns.
func speed(base, ns float64) string {
	if ns > 0 && base > 0 {
		return fmt.Sprintf("%.2f", base/ns)
	}
	return "-"
}

// specBytes is the total buffer and image size of s.
func specBytes(s *kspec.Spec) uint64 {
	var n uint64
	for i := range s.Args {
		if k := s.Args[i].Kind; k == kspec.ArgBuffer || k == kspec.ArgImage {
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
			fmt.Fprintf(os.Stderr, "  %s on %s ×%d (global %s): %d runs in %v\n", f.path, t.name(), factor, dims(s.Global), runs, time.Since(start).Round(time.Millisecond))
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
// Each target gets a fresh context first. It then finds its own scale: the
// factor (growing by the spec's ScaleStep from 1) at which one run lasts
// cfg.min, within cfg.maxMem. Every target is then timed at the largest of
// those factors, so that the columns compare equal work; a target whose run
// there would exceed cfg.maxRun keeps its own scale and its time is scaled
// linearly (marked ~).
func benchFile(path string, targets []target, cfg benchCfg) benchRow {
	f, err := loadFile(path)
	if err != nil {
		return errorRow(path, err)
	}
	type probe struct {
		factor uint64
		ns     uint64
		grow   growth
		err    error
	}
	step := f.spec.ScaleStep()
	g := cfg.guard
	// guarded reports an error when t would run f at factor beyond the
	// buffers (boundsGuard); clgo's own devices check for themselves.
	guarded := func(t target, factor uint64) error {
		if _, ref := t.(*refTarget); !ref {
			return nil
		}
		s := f.spec.Scaled(factor)
		return g.check(f, factor, s, cachedInputs(f, factor, s))
	}
	timed := func(t target, factor uint64, runs int) (uint64, error) {
		if err := guarded(t, factor); err != nil {
			return 0, err
		}
		ns, err := timeAt(f, t, factor, runs)
		if g != nil && t == target(g.t) {
			g.record(f, factor, err)
		}
		return ns, err
	}
	fits := func(t target, factor uint64) bool {
		return specBytes(f.spec.Scaled(factor)) <= cfg.maxMem && guarded(t, factor) == nil
	}
	probes := make([]probe, len(targets))
	common := uint64(1)
	for _, i := range guardFirst(targets, g) {
		t := targets[i]
		p := &probes[i]
		p.factor = 1
		if p.err = t.reset(); p.err != nil {
			continue
		}
		good := uint64(0) // the largest factor timed so far
		for {
			// The first run builds the program and warms up; time the next.
			if p.factor == 1 {
				if _, p.err = timed(t, 1, 1); p.err != nil {
					break
				}
			}
			ns, err := timed(t, p.factor, 1)
			if err != nil && good > 0 && (outOfBounds(err) || errors.Is(err, errGuard)) {
				// Scaled past what the kernel's own size arguments
				// allow: keep the last size that ran.
				// A failed command fails what follows it on its
				// queue: start over with a fresh context.
				p.factor = good
				p.err = t.reset()
				break
			}
			if p.ns, p.err = ns, err; err != nil {
				break
			}
			good = p.factor
			p.grow.add(p.factor, p.ns)
			if time.Duration(p.ns) >= cfg.min || !fits(t, p.factor*step) {
				break
			}
			// Jump close to the target length, by steps.
			p.factor *= step
			for pred := p.ns * step; pred > 0 && time.Duration(pred*step) <= cfg.min && fits(t, p.factor*step); pred *= step {
				p.factor *= step
			}
		}
		if p.err == nil {
			common = max(common, p.factor)
		}
	}
	s := f.spec.Scaled(common)
	row := benchRow{file: path, size: "global " + dims(s.Global), cells: []string{path, dims(s.Global)}}
	var base float64
	for i, t := range targets {
		p := probes[i]
		var cell string
		var ns float64
		switch {
		case p.err != nil:
			cell = "error"
			fmt.Fprintf(os.Stderr, "%s on %s: %v\n", path, t.name(), firstLine(p.err))
		case time.Duration(p.grow.predict(p.ns, p.factor, common)) > cfg.maxRun || guarded(t, common) != nil:
			best, err := timed(t, p.factor, cfg.runs)
			if err != nil {
				cell = "error"
				fmt.Fprintf(os.Stderr, "%s on %s: %v\n", path, t.name(), firstLine(err))
				break
			}
			ns = p.grow.predict(best, p.factor, common)
			cell = "~" + fmtNs(uint64(ns))
		default:
			best, err := timed(t, common, cfg.runs)
			if err != nil {
				cell = "error"
				fmt.Fprintf(os.Stderr, "%s on %s: %v\n", path, t.name(), firstLine(err))
				break
			}
			ns = float64(best)
			cell = fmtNs(best)
		}
		row.add(cell, ns, i, &base)
	}
	return row
}

// growth is how a target's time grew with the factor while it was
// scaled: nbody's work grows with the square of its size, sgemm's with the
// power 1.5, so a linear guess would time them far past cfg.maxRun.
type growth struct {
	f0, f1   uint64
	ns0, ns1 uint64
}

func (g *growth) add(f, ns uint64) {
	g.f0, g.ns0, g.f1, g.ns1 = g.f1, g.ns1, f, ns
}

// exponent is the measured power of the factor (1 to 3; 1 without two
// measurements long enough to trust).
func (g *growth) exponent() float64 {
	if g.f0 == 0 || g.f1 <= g.f0 || g.ns0 < 1e6 || g.ns1 <= g.ns0 {
		return 1
	}
	e := math.Log(float64(g.ns1)/float64(g.ns0)) / math.Log(float64(g.f1)/float64(g.f0))
	return min(max(e, 1), 3)
}

// predict scales ns measured at factor from to factor to.
func (g *growth) predict(ns, from, to uint64) float64 {
	return float64(ns) * math.Pow(float64(to)/float64(from), g.exponent())
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// guardFirst returns the indexes of targets with the guard's host target
// first: its results at each size then spare the guard a run of its own
// before another implementation runs that size.
func guardFirst(targets []target, g *boundsGuard) []int {
	var order, rest []int
	for i, t := range targets {
		if g != nil && t == target(g.t) {
			order = append(order, i)
		} else {
			rest = append(rest, i)
		}
	}
	return append(order, rest...)
}
