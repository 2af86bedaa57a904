//go:build !clgo_compile_only

package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/clgo/clgo/internal/kspec"
)

func init() {
	register(&command{
		name:    "run",
		usage:   "FILE.cl [--device host|vulkan|N]",
		summary: "run a kernel file's //! spec on a clgo device and time it",
		help: `Runs the kernel that FILE.cl's //! lines describe (its sizes and arguments;
docs/kspec.md) on one clgo device, prints the kernel time and the first
elements of each output buffer.

Examples:
  clgo run examples/saxpy.cl
  clgo run --device vulkan k.cl`,
		run: runCmd,
	})
	register(&command{
		name:    "check",
		usage:   "[--device host|vulkan|N] [--ref-only] FILE.cl...",
		summary: "run kernel files on the reference OpenCL and on clgo devices and compare every buffer and image",
		help: `Runs each file's //! spec (docs/kspec.md) on the reference OpenCL (a
GPU vendor's platform, else PoCL), on the other OpenCL platforms and on
every clgo device, and compares every buffer and image with the reference's within
the spec's tolerance. Prints one block per file and a summary; exits 1 if
any file fails.

Examples:
  clgo check testdata/kernels/*/*.cl
  clgo check --device host k.cl
  clgo check --ref-only k.cl        # the reference against a second run of itself`,
		run: checkCmd,
	})
}

func runCmd(args []string) error {
	fs := newFlagSet("run")
	device := fs.String("device", "", "clgo device: a driver name (host, vulkan) or an index from clgo info (default: the first); example: --device vulkan")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return usagef("want one file")
	}
	f, err := loadFile(files[0])
	if err != nil {
		return err
	}
	devs, err := clgoDevices(*device)
	if err != nil {
		return err
	}
	if len(devs) == 0 {
		return fmt.Errorf("no clgo device")
	}
	t, err := newClgoTarget(devs[0])
	if err != nil {
		return err
	}
	defer t.close()
	s := f.spec
	start := time.Now()
	out, ns, err := t.run(f, s, inputs(s), true)
	if err != nil {
		return fmt.Errorf("%s on %s: %w", f.path, t.name(), err)
	}
	fmt.Printf("%s: %s global %s", f.path, s.Kernel, dims(s.Global))
	if s.Local != nil {
		fmt.Printf(" local %s", dims(s.Local))
	}
	fmt.Printf(" on %s: kernel %s, total %s\n", t.name(), fmtNs(ns), time.Since(start).Round(time.Microsecond))
	for i, b := range out {
		if b != nil {
			fmt.Printf("  arg %d %s[%d]: %s\n", i, s.Args[i].Type, s.Args[i].N, preview(&s.Args[i], b))
		}
	}
	return nil
}

func dims(d []uint64) string {
	var s []string
	for _, x := range d {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, ",")
}

func fmtNs(ns uint64) string { return time.Duration(ns).Round(time.Microsecond).String() }

// preview shows the first elements of a buffer.
func preview(a *kspec.Arg, b []byte) string {
	s := kspec.Format(a.Type, b, 4)
	if a.N > 4 {
		s += " ..."
	}
	return s
}

func checkCmd(args []string) error {
	fs := newFlagSet("check")
	device := fs.String("device", "", "clgo devices to check: a driver name or an index (default all); example: --device host")
	refOnly := fs.Bool("ref-only", false, "run only the OpenCL platforms (the reference and any others), no clgo device; example: --ref-only")
	extra := fs.String("options", "", "build options added to each file's own on the clgo devices only (the reference builds without them); example: --options=-arch=spir64")
	prog := addProgressFlag(fs)
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("want kernel files")
	}
	rdevs, err := refDevices()
	if err != nil {
		return fmt.Errorf("reference OpenCL: %w", err)
	}
	refDev := pickReference(rdevs)
	ref, err := newRefTarget(refDev)
	if err != nil {
		return err
	}
	defer ref.close()
	var others []target
	for _, d := range rdevs {
		if d != refDev {
			t, err := newRefTarget(d)
			if err != nil {
				fmt.Fprintf(os.Stderr, "skipping %s: %v\n", d.Name, err)
				continue
			}
			defer t.close()
			others = append(others, t)
		}
	}
	if *refOnly && len(others) == 0 {
		// Check the reference against a second run of itself: this
		// exercises the data generation and comparison, and catches kernels
		// whose results depend on scheduling.
		again, err := newRefTarget(refDev)
		if err != nil {
			return err
		}
		defer again.close()
		others = append(others, &renamed{again, ref.name() + " (again)"})
	}
	if !*refOnly {
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
			t.extra = *extra
			others = append(others, t)
		}
	}
	guard := newBoundsGuard(others)
	defer guard.close()
	failed := 0
	p := newProgress("check", prog.on, len(files))
	for _, path := range files {
		ok := checkFile(path, ref, others, guard)
		if !ok {
			failed++
		}
		p.step("%s: %s (%d failed so far)", path, map[bool]string{true: "ok", false: "FAIL"}[ok], failed)
	}
	if failed > 0 {
		fmt.Printf("FAIL: %d of %d files\n", failed, len(files))
		return errSilent
	}
	fmt.Printf("ok: %d files\n", len(files))
	return nil
}

// checkFile runs one file on the reference and on every other target and
// prints the comparison; it reports whether all agreed.
func checkFile(path string, ref target, others []target, guard *boundsGuard) bool {
	f, err := loadFile(path)
	if err != nil {
		fmt.Printf("FAIL %s: %v\n", path, err)
		return false
	}
	// A fresh context per file and target: an implementation that
	// poisons its context after a crash fails this file only.
	for _, t := range append([]target{ref}, others...) {
		if err := t.reset(); err != nil {
			fmt.Printf("FAIL %s on %s: new context: %v\n", path, t.name(), err)
			return false
		}
	}
	s := f.spec
	in := inputs(s)
	// The host device first (boundsGuard): its result is kept for the
	// comparison below.
	type result struct {
		out [][]byte
		ns  uint64
		err error
	}
	early := map[target]result{}
	if guard != nil {
		out, ns, err := guard.t.run(f, s, in, true)
		if outOfBounds(err) {
			fmt.Printf("FAIL %s: not run on %s: the kernel accesses memory out of bounds (%s, which checks every access: %v)\n", path, ref.name(), guard.t.name(), err)
			return false
		}
		if !guard.own {
			early[guard.t] = result{out, ns, err}
		}
	}
	want, ns, err := ref.run(f, s, in, true)
	if err != nil {
		fmt.Printf("FAIL %s on %s (reference): %v\n", path, ref.name(), err)
		return false
	}
	fmt.Printf("%s: %s global %s on %s: %s\n", path, s.Kernel, dims(s.Global), ref.name(), fmtNs(ns))
	ok := true
	for _, t := range others {
		r, done := early[t]
		if !done {
			r.out, r.ns, r.err = t.run(f, s, in, true)
		}
		got, ns, err := r.out, r.ns, r.err
		if err != nil {
			fmt.Printf("  FAIL %s: %v\n", t.name(), err)
			ok = false
			continue
		}
		bad := false
		var notes []string
		for i := range s.Args {
			if k := s.Args[i].Kind; k != kspec.ArgBuffer && k != kspec.ArgImage {
				continue
			}
			r := s.Compare(i, want[i], got[i])
			if r.Mismatches > 0 {
				if !r.OK {
					bad = true
				}
				notes = append(notes, "    "+strings.ReplaceAll(r.String(), "\n", "\n    "))
			}
		}
		verdict := "ok"
		if bad {
			verdict, ok = "FAIL", false
		}
		fmt.Printf("  %s %s: %s\n", verdict, t.name(), fmtNs(ns))
		for _, n := range notes {
			fmt.Println(n)
		}
	}
	return ok
}

// renamed is a target under another name.
type renamed struct {
	target
	n string
}

func (r *renamed) name() string { return r.n }
