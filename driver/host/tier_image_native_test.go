package host_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/corpus"
)

// TestNativeImageCode runs the corpus's image kernels (testdata/kernels/
// images and image_args) as native code against the Go executor, bit for
// bit, and checks that those whose images and samplers native image code
// handles (jit/image.go: RGBA and R of 32-bit, UNORM_INT8 and
// UNSIGNED_INT8 channels, BGRA of UNORM_INT8; nearest and linear
// sampling of 1D, 2D and 2D array images without repeat) ran without a
// call-out, while the others still agree through theirs.
func TestNativeImageCode(t *testing.T) {
	if !host.NativeOK() || host.NEONTier() {
		t.Skip("no native image code on this machine")
	}
	// Kernels with nothing native image code leaves to Go.
	noCalls := map[string]bool{
		"images/blur3x3": true, "images/gaussian_blur": true, "image_args/invert_rgba8": true,
		"image_args/box_blur_r8": true, "images/resize_bilinear": true, "images/arrays_2d": true,
		"image_args/volume_linear": true, "images/volume_sample": true, "images/layers_normalized": true, "images/image_queries": true,
		"images/write_then_read": true, "images/border_r": true, "images/lane_shapes": true,
		"image_args/uint_array": true,
		// Other formats (texChannels), REPEAT and MIRRORED_REPEAT (s17-imgaddr).
		"images/formats_float": true, "images/formats_int": true, "images/images_1d": true, "images/integer_images": true,
		"images/missing_alpha_int": true, "images/queries_int": true, "images/read_write_formats": true,
		"images/sampler_arg_unnormalized": true, "images/sampler_edges": true, "images/samplers_2d": true,
		"images/samplers_3d": true, "images/tile_repeat_linear": true, "image_args/sizeof_image": true,
	}
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, path := range files {
		name := strings.TrimSuffix(corpus.Name(filepath.Join(corpus.TestdataDir(), "kernels"), path), ".cl")
		if !strings.HasPrefix(name, "images/") && !strings.HasPrefix(name, "image_args/") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			s, src := loadSpec(t, path)
			before := host.NativeCallouts()
			on, same := diffCompare(t, nativeTier, s, src)
			calls := host.NativeCallouts() - before
			if !on || !same {
				t.Fatalf("on native code %v, same results %v", on, same)
			}
			t.Logf("%d call-outs", calls)
			if noCalls[name] {
				seen++
				if calls != 0 {
					t.Errorf("%d call-outs, want none", calls)
				}
			}
		})
	}
	if seen != len(noCalls) {
		t.Errorf("%d of the %d kernels without call-outs ran", seen, len(noCalls))
	}
}

// TestNativeImageEdges runs testdata/native_image_edges.cl (nearest
// sampling, fetches and writes at the edges and at undefined coordinates
// and values), native_image_linear.cl (linear filtering) and
// native_image_half.cl (read_imageh and write_imageh of half images,
// REPEAT and MIRRORED_REPEAT) as native code against the Go executor, bit for bit, with
// no call-out left.
func TestNativeImageEdges(t *testing.T) {
	if !host.NativeOK() || host.NEONTier() {
		t.Skip("no native image code on this machine")
	}
	for _, f := range []string{"native_image_edges", "native_image_linear", "native_image_half"} {
		t.Run(f, func(t *testing.T) {
			s, src := loadSpec(t, filepath.Join("testdata", f+".cl"))
			before := host.NativeCallouts()
			on, same := diffCompare(t, nativeTier, s, src)
			if !on || !same {
				t.Fatalf("on native code %v, same results %v", on, same)
			}
			if calls := host.NativeCallouts() - before; calls != 0 {
				t.Errorf("%d call-outs, want none", calls)
			}
		})
	}
}

// BenchmarkNativeImages times three image kernels of the corpus, scaled
// to at least 512x512 work-items (kspec.Scaled grows the images with the
// grid), and two of testdata (a blur of half images, REPEAT tiling), on
// the Go executor and as native code (before jit/image.go every
// image op was a call-out; clgo bench gives PoCL's times, which benchPoCL
// cannot: it binds no images):
// go test ./driver/host -run '^$' -bench NativeImages -benchtime 8x
func BenchmarkNativeImages(b *testing.B) {
	corpus := filepath.Join("..", "..", "testdata", "kernels", "images")
	for _, f := range []string{
		filepath.Join(corpus, "blur3x3.cl"), filepath.Join(corpus, "resize_bilinear.cl"), filepath.Join(corpus, "gaussian_blur.cl"),
		filepath.Join("testdata", "bench_blur_half.cl"), filepath.Join("testdata", "bench_tile_repeat.cl"),
	} {
		name := strings.TrimPrefix(strings.TrimSuffix(filepath.Base(f), ".cl"), "bench_")
		for _, tier := range []string{"lanes", "native"} {
			b.Run(name+"/"+tier, func(b *testing.B) {
				setTier(b, tier)
				s, src := loadSpec(b, f)
				for s.GlobalCount() < 512*512 {
					s = s.Scaled(s.ScaleStep())
				}
				r := newHostRun(b, s, src)
				r.run(b)
				timeRuns(b, r, s)
			})
		}
	}
}
