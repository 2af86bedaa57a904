package host_test

import (
	"context"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/kspec"
)

// Image and sampler arguments of corpus kernels on the host driver, so
// that the tier comparisons (tierdiff_test.go) run the image kernels too
// and compare the images they write as they compare buffers.

// bindImageArg makes the image (with the spec's pixels) or sampler of
// argument i.
func (r *hostRun) bindImageArg(dev *host.Device, i int) error {
	a := &r.spec.Args[i]
	if a.Kind == kspec.ArgSampler {
		r.args[i] = driver.Arg{Kind: driver.ArgSampler, Sampler: driver.Sampler{
			NormalizedCoords: a.Sampler.Normalized, Addressing: a.Sampler.Addressing, Filter: a.Sampler.Filter}}
		return nil
	}
	im := a.Image
	desc := driver.ImageDesc{Type: driver.ImageType(im.MemType), Format: driver.ImageFormat{Order: im.Order, DataType: im.DataType},
		Width: max(im.Width, 1), Height: max(im.Height, 1), Depth: max(im.Depth, 1), ArraySize: max(im.ArraySize, 1)}
	pixels := r.spec.Data(i)
	if desc.Type == driver.Image1DBuffer {
		b, err := dev.NewBuffer(uint64(len(pixels)))
		if err != nil {
			return err
		}
		copy(b.(interface{ HostBytes() []byte }).HostBytes(), pixels)
		desc.Buffer = b
	}
	img, err := dev.NewImage(desc)
	if err != nil {
		return fmt.Errorf("argument %d: %w", i, err)
	}
	if desc.Type != driver.Image1DBuffer {
		ev, err := r.q.(driver.ImageQueue).WriteImage(img, [3]uint64{}, desc.Extent(), pixels, nil)
		if err == nil {
			err = ev.Wait(context.Background())
		}
		if err != nil {
			return fmt.Errorf("argument %d: %w", i, err)
		}
	}
	r.imgs[i] = img
	r.args[i] = driver.Arg{Kind: driver.ArgImage, Image: img}
	return nil
}

// imageBytes reads back image argument i's pixels, tightly packed.
func (r *hostRun) imageBytes(i int) ([]byte, error) {
	img := r.imgs[i]
	desc := img.Desc()
	ext := desc.Extent()
	out := make([]byte, r.spec.Args[i].Bytes())
	ev, err := r.q.(driver.ImageQueue).ReadImage(img, [3]uint64{}, ext, out, nil)
	if err == nil {
		err = ev.Wait(context.Background())
	}
	return out, err
}
