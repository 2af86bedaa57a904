// Command imagefilter blurs a PNG with an OpenCL image kernel: it reads
// the file into a CL_RGBA CL_UNORM_INT8 image, runs gaussian.cl's
// gaussian_blur over it with a sampler (unnormalized coordinates,
// CLAMP_TO_EDGE, nearest) on an OpenCL device, and writes the result as a
// PNG. filter.py beside it does the same from Python through pyopencl and
// the clgo ICD.
//
//	go run ./examples/imagefilter -in photo.png -out blurred.png [-sigma 2] [-device N]
package main

import (
	"context"
	_ "embed"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"log"
	"math"
	"os"

	"github.com/clgo/clgo/cl"
)

//go:embed gaussian.cl
var kernelSource string

func main() {
	in := flag.String("in", "", "the PNG file to read")
	out := flag.String("out", "", "the PNG file to write")
	sigma := flag.Float64("sigma", 2, "the Gaussian's standard deviation, in pixels")
	devIndex := flag.Int("device", -1, "the device (an index into clgo's devices: 0 host, 1 Vulkan); -1: the default device")
	flag.Parse()
	if *in == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	dev, err := pickDevice(*devIndex)
	if err != nil {
		log.Fatal(err)
	}
	if err := filterFile(dev, *in, *out, *sigma); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s -> %s on %s\n", *in, *out, dev.Name())
}

// pickDevice returns device i of clgo's devices, or the default device
// for a negative i.
func pickDevice(i int) (*cl.Device, error) {
	if i < 0 {
		ps, err := cl.Platforms()
		if err != nil {
			return nil, err
		}
		devs, err := ps[0].Devices(cl.DeviceTypeDefault)
		if err != nil {
			return nil, err
		}
		return devs[0], nil
	}
	devs, err := cl.Devices()
	if err != nil {
		return nil, err
	}
	if i >= len(devs) {
		return nil, fmt.Errorf("no device %d: clgo has %d", i, len(devs))
	}
	return devs[i], nil
}

// filterFile blurs the PNG file in into the PNG file out.
func filterFile(dev *cl.Device, in, out string, sigma float64) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %v", in, err)
	}
	dst, err := Blur(dev, src, sigma)
	if err != nil {
		return err
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := png.Encode(w, dst); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// Blur runs gaussian_blur on src on dev and returns the blurred image.
// The kernel sums 2*ceil(3σ)+1 pixels each way.
func Blur(dev *cl.Device, src image.Image, sigma float64) (*image.NRGBA, error) {
	if sigma <= 0 || sigma > 50 {
		return nil, fmt.Errorf("sigma %g: want a value in (0, 50]", sigma)
	}
	if !dev.ImageSupport() {
		return nil, fmt.Errorf("%s has no image support", dev.Name())
	}
	// Non-premultiplied RGBA is CL_RGBA CL_UNORM_INT8, row by row.
	b := src.Bounds()
	nrgba := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(nrgba, nrgba.Bounds(), src, b.Min, draw.Src)
	w, h := uint64(b.Dx()), uint64(b.Dy())

	ctx, err := cl.CreateContext(dev)
	if err != nil {
		return nil, err
	}
	defer ctx.Release()
	q, err := ctx.CreateQueue(dev, 0)
	if err != nil {
		return nil, err
	}
	defer q.Release()
	prog, err := ctx.CreateProgramWithSource(kernelSource)
	if err != nil {
		return nil, err
	}
	defer prog.Release()
	if err := prog.Build(""); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, prog.BuildLog(dev))
	}
	k, err := prog.CreateKernel("gaussian_blur")
	if err != nil {
		return nil, err
	}
	defer k.Release()
	in, err := ctx.CreateImage2DRGBA8(cl.MemReadOnly, w, h, nrgba.Pix, uint64(nrgba.Stride))
	if err != nil {
		return nil, err
	}
	defer in.Release()
	out, err := ctx.CreateImage2DRGBA8(cl.MemWriteOnly, w, h, nil, 0)
	if err != nil {
		return nil, err
	}
	defer out.Release()
	s, err := ctx.CreateSampler(false, cl.AddressClampToEdge, cl.FilterNearest)
	if err != nil {
		return nil, err
	}
	defer s.Release()
	radius := int32(math.Ceil(3 * sigma))
	if err := k.SetArgs(in, out, s, float32(sigma), radius); err != nil {
		return nil, err
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{w, h}, nil); err != nil {
		return nil, err
	}
	if err := q.Finish(context.Background()); err != nil {
		return nil, err
	}
	pix, err := q.ReadImageAll(context.Background(), out)
	if err != nil {
		return nil, err
	}
	res := image.NewNRGBA(image.Rect(0, 0, int(w), int(h)))
	copy(res.Pix, pix)
	return res, nil
}
