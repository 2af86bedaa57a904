package texel

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// testImage is a w x h x d image of format f with random bytes.
func testImage(t driver.ImageType, f driver.ImageFormat, ext [3]int, rng *rand.Rand) *Image {
	e := imageformat.ElementSize(f)
	im := &Image{Type: t, Format: f, Elem: e, Ext: ext, Data: make([]byte, ext[0]*ext[1]*ext[2]*e)}
	for i := range im.Data {
		im.Data[i] = byte(rng.Uint32())
	}
	return im
}

func BenchmarkSample(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name string
		f    driver.ImageFormat
		smp  driver.Sampler
	}{
		{"float_nearest", driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.Float}, driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest}},
		{"unorm8_nearest", driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8}, driver.Sampler{Addressing: driver.AddressClampToEdge, Filter: driver.FilterNearest}},
		{"unorm8_linear", driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8}, driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressClampToEdge, Filter: driver.FilterLinear}},
	} {
		im := testImage(driver.Image2D, c.f, [3]int{64, 64, 1}, rng)
		b.Run(c.name, func(b *testing.B) {
			var sink uint32
			for i := range b.N {
				x := float32(i % 70)
				if c.smp.NormalizedCoords {
					x /= 64
				}
				v := im.Sample(c.smp, [4]float32{x, x, 0, 0})
				sink += v[0]
			}
			_ = math.Float32frombits(sink)
		})
	}
}

// TestDecode: decode's fast paths give imageformat.Read's bits, for every
// UNORM_INT8 code and for random 32-bit channels, and every other format
// goes to imageformat.Read.
func TestDecode(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	px := make([]byte, 16)
	for _, dt := range []uint32{imageformat.UnormInt8, imageformat.Float, imageformat.SignedInt32, imageformat.UnsignedInt32, imageformat.UnormInt16, imageformat.HalfFloat} {
		for _, order := range []uint32{imageformat.RGBA, imageformat.BGRA, imageformat.R} {
			f := driver.ImageFormat{Order: order, DataType: dt}
			if !imageformat.Valid(f) {
				continue
			}
			n := imageformat.ElementSize(f)
			for i := range 4096 {
				for j := range px {
					px[j] = byte(rng.Uint32())
				}
				if i < 256 {
					px[0], px[1], px[2], px[3] = byte(i), byte(255-i), byte(i*7), byte(i*13)
				}
				if got, want := decode(f, px[:n]), imageformat.Read(f, px[:n]); got != want {
					t.Fatalf("format %#x/%#x, pixel % x: decode %x, imageformat.Read %x", order, dt, px[:n], got, want)
				}
			}
		}
	}
}
