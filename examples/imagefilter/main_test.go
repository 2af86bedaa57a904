package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/cl"
)

// testImage is a small picture with edges, gradients and transparency.
func testImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{R: uint8(x * 255 / (w - 1)), G: uint8(y * 255 / (h - 1)), B: 0, A: 255}
			if (x/4+y/4)%2 == 0 {
				c.B = 255
			}
			if x > w-4 {
				c.A = 128
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// reference is the blur computed on the host in float64: the mean of the
// pixels around each one (edges repeated), weighted by the Gaussian.
func reference(src *image.NRGBA, sigma float64) [][4]float64 {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	r := int(math.Ceil(3 * sigma))
	out := make([][4]float64, w*h)
	for y := range h {
		for x := range w {
			var sum [4]float64
			total := 0.0
			for dy := -r; dy <= r; dy++ {
				for dx := -r; dx <= r; dx++ {
					wt := math.Exp(-float64(dx*dx+dy*dy) / (2 * sigma * sigma))
					c := src.NRGBAAt(min(max(x+dx, 0), w-1), min(max(y+dy, 0), h-1))
					for i, v := range []uint8{c.R, c.G, c.B, c.A} {
						sum[i] += wt * float64(v) / 255
					}
					total += wt
				}
			}
			for i := range sum {
				out[y*w+x][i] = sum[i] / total * 255
			}
		}
	}
	return out
}

// TestBlurPNG writes a generated PNG, blurs it with the example on each
// clgo device (the host device, then the Vulkan ones: lavapipe here) and
// compares every channel with the host's float64 blur: within 1, the
// rounding of a normalized write (OpenCL C §8.3.1.2).
func TestBlurPNG(t *testing.T) {
	const sigma = 1.5
	src := testImage(24, 16)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.png")
	f, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, src); err != nil {
		t.Fatal(err)
	}
	f.Close()
	want := reference(src, sigma)
	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	for i, dev := range devs {
		name := fmt.Sprintf("device%d", i)
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(dir, name+".png")
			if err := filterFile(dev, in, out, sigma); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := img.(*image.NRGBA)
			if !ok || got.Bounds() != src.Bounds() {
				t.Fatalf("output is a %T of %v, want an NRGBA of %v", img, img.Bounds(), src.Bounds())
			}
			bad := 0
			for p, w := range want {
				c := got.NRGBAAt(p%24, p/24)
				for ch, v := range []uint8{c.R, c.G, c.B, c.A} {
					if math.Abs(float64(v)-w[ch]) > 1 && bad < 5 {
						t.Errorf("pixel (%d,%d) channel %d: got %d, want %.2f", p%24, p/24, ch, v, w[ch])
						bad++
					}
				}
			}
		})
	}
}
