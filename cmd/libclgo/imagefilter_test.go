//go:build cgo

package main

import (
	"bytes"
	goimage "image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestImageFilterExample runs the two programs of examples/imagefilter on
// one generated PNG, on the host device (0) and the Vulkan device (1,
// lavapipe here): the Go one through package cl, the Python one through
// pyopencl and this ICD. Each device's two outputs must agree within 1 per
// channel (examples/imagefilter's own test checks the Go output against a
// float64 blur).
func TestImageFilterExample(t *testing.T) {
	python := "/usr/bin/python3" // Debian's python3-pyopencl is for the system Python
	if _, err := os.Stat(python); err != nil {
		python = need(t, "python3")
	}
	if out, err := exec.Command(python, "-c", "import pyopencl, numpy").CombinedOutput(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pyopencl is not installed (CI=true): %s", out)
		}
		t.Skipf("pyopencl is not installed: %s", out)
	}
	dir := t.TempDir()
	goProg := filepath.Join(dir, "imagefilter")
	if out, err := exec.Command("go", "build", "-o", goProg, "../../examples/imagefilter").CombinedOutput(); err != nil {
		t.Fatalf("go build examples/imagefilter: %v\n%s", err, out)
	}
	in := filepath.Join(dir, "in.png")
	src := goimage.NewNRGBA(goimage.Rect(0, 0, 20, 12))
	for y := range 12 {
		for x := range 20 {
			src.SetNRGBA(x, y, color.NRGBA{R: uint8(x * 13), G: uint8(y * 21), B: uint8((x ^ y) * 16), A: uint8(255 - x*5)})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dev := range []string{"0", "1"} {
		t.Run("device"+dev, func(t *testing.T) {
			goOut := filepath.Join(dir, "go"+dev+".png")
			res, err := exec.Command(goProg, "-in", in, "-out", goOut, "-sigma", "1.25", "-device", dev).CombinedOutput()
			if err != nil && strings.Contains(string(res), "no device") {
				t.Skipf("%s", res)
			}
			if err != nil {
				t.Fatalf("the Go example: %v\n%s", err, res)
			}
			pyOut := filepath.Join(dir, "py"+dev+".png")
			out, err := client(t, 2*time.Minute, python, "../../examples/imagefilter/filter.py", in, pyOut, "--sigma", "1.25", "--device", dev)
			if err != nil {
				t.Fatalf("the Python example: %v\n%s", err, out)
			}
			a, b := readNRGBA(t, goOut), readNRGBA(t, pyOut)
			if a.Bounds() != src.Bounds() || b.Bounds() != src.Bounds() {
				t.Fatalf("sizes %v and %v, want %v", a.Bounds(), b.Bounds(), src.Bounds())
			}
			for i := range a.Pix {
				if d := int(a.Pix[i]) - int(b.Pix[i]); d > 1 || d < -1 {
					t.Fatalf("pixel (%d,%d) channel %d: Go %d, Python %d", i/4%20, i/80, i%4, a.Pix[i], b.Pix[i])
				}
			}
			if bytes.Equal(a.Pix, readNRGBA(t, in).Pix) {
				t.Errorf("the output is the input: nothing was blurred")
			}
		})
	}
}

func readNRGBA(t *testing.T, path string) *goimage.NRGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := goimage.NewNRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}
