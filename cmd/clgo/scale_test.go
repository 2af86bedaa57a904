//go:build !clgo_compile_only

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestScaledSharedKernelsInBounds runs every shared kernel grown by one
// scaling step (kspec.Spec.Scaled, as clgo bench grows it) on the host
// driver, which bounds-checks every access: a scaling rule that leaves a
// size argument behind (stencil2d's w and h) makes an access out of range,
// which the host driver reports as an error.
func TestScaledSharedKernelsInBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	files, _ := filepath.Glob("../../../shared/kernels/*.cl")
	if len(files) == 0 {
		t.Skip("no shared kernels")
	}
	devs, err := clgoDevices("host")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := newClgoTarget(devs[0])
	if err != nil {
		t.Fatal(err)
	}
	defer tg.close()
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := loadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			step := f.spec.ScaleStep()
			s := f.spec.Scaled(step)
			if s.GlobalCount() != step*f.spec.GlobalCount() {
				t.Fatalf("×%d: %d work-items, from %d", step, s.GlobalCount(), f.spec.GlobalCount())
			}
			start := time.Now()
			if _, _, err := tg.run(f, s, inputs(s), false); err != nil {
				t.Fatalf("scaled ×%d to global %s: %v", step, dims(s.Global), err)
			}
			t.Logf("×%d: global %s in %v", step, dims(s.Global), time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestBenchLaunches runs the launch-rate benchmark on the host driver with
// it as the baseline (--ref), which also checks that every launch ran.
func TestBenchLaunches(t *testing.T) {
	stdout := os.Stdout
	r, w, _ := os.Pipe()
	os.Stdout = w
	var errb bytes.Buffer
	rc := Main([]string{"bench", "--launches", "200", "--runs", "1", "--device", "host", "--ref", "clgo host"}, &errb, &errb)
	w.Close()
	os.Stdout = stdout
	out, _ := io.ReadAll(r)
	if rc != 0 || !strings.Contains(string(out), "tick (built-in)") || strings.Contains(string(out), "error") ||
		!strings.Contains(string(out), "baseline: clgo host") {
		t.Fatalf("rc %d:\n%s\n%s", rc, out, errb.String())
	}
	if rc := Main([]string{"bench", "--launches", "10", "--device", "host", "--ref", "no such thing"}, &errb, &errb); rc != 1 {
		t.Fatalf("--ref of nothing: rc %d", rc)
	}
}

func TestGrowth(t *testing.T) {
	var g growth
	if e := g.exponent(); e != 1 {
		t.Fatalf("no data: %v", e)
	}
	g.add(1, 10e6)
	g.add(4, 160e6) // nbody: 4x the size, 16x the time
	if e := g.exponent(); e < 1.99 || e > 2.01 {
		t.Fatalf("exponent %v", e)
	}
	if p := g.predict(160e6, 4, 64); p < 40e9 || p > 41e9 {
		t.Fatalf("predict %v", p)
	}
	g.add(8, 200e6) // sub-linear: clamped to 1
	if e := g.exponent(); e != 1 {
		t.Fatalf("clamped exponent %v", e)
	}
}
