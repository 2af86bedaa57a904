package cl

import (
	"context"
	"encoding/binary"
	"math"
)

// Typed helpers over images: Go byte layouts in and out, waiting.

// CreateImage2D makes a 2D image of width x height pixels of format,
// initialized from pixels (tightly packed rows) when pixels is not nil.
func (c *Context) CreateImage2D(flags MemFlags, format ImageFormat, width, height uint64, pixels []byte) (*Image, error) {
	if pixels != nil {
		flags |= MemCopyHostPtr
	}
	return c.CreateImage(flags, format, ImageDesc{Type: MemObjectImage2D, Width: width, Height: height}, pixels)
}

// CreateImage2DRGBA8 makes a 2D CL_RGBA CL_UNORM_INT8 image from pix,
// four bytes a pixel, rows of width pixels with stride bytes between
// them (0: tightly packed) — the layout of Go's image.RGBA and
// image.NRGBA (Pix, Stride).
func (c *Context) CreateImage2DRGBA8(flags MemFlags, width, height uint64, pix []byte, stride uint64) (*Image, error) {
	if pix != nil {
		flags |= MemCopyHostPtr
	}
	desc := ImageDesc{Type: MemObjectImage2D, Width: width, Height: height}
	if pix != nil && stride != 0 && stride != width*4 {
		desc.RowPitch = stride
		if uint64(len(pix)) < stride*height && height > 0 && uint64(len(pix)) >= stride*(height-1)+width*4 {
			// A sub-image's Pix ends with its last row: pack the rows,
			// as the host memory must hold height whole pitches.
			tight := make([]byte, 0, width*4*height)
			for y := range height {
				tight = append(tight, pix[y*stride:y*stride+width*4]...)
			}
			pix, desc.RowPitch = tight, 0
		}
	}
	return c.CreateImage(flags, ImageFormat{Order: RGBA, DataType: UnormInt8}, desc, pix)
}

// ReadImageAll reads the whole image, tightly packed, and waits; ctx
// bounds the wait.
func (q *Queue) ReadImageAll(ctx context.Context, img *Image) ([]byte, error) {
	if err := img.check("clEnqueueReadImage"); err != nil {
		return nil, err
	}
	out := make([]byte, img.mem.size)
	ev, err := q.EnqueueReadImage(img, [3]uint64{}, img.ext, 0, 0, out)
	if err != nil {
		return nil, err
	}
	if err := ev.Wait(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

// WriteImageAll writes the whole image from tightly packed pixels and
// waits; ctx bounds the wait.
func (q *Queue) WriteImageAll(ctx context.Context, img *Image, pixels []byte) error {
	if err := img.check("clEnqueueWriteImage"); err != nil {
		return err
	}
	ev, err := q.EnqueueWriteImage(img, [3]uint64{}, img.ext, 0, 0, pixels)
	if err != nil {
		return err
	}
	return ev.Wait(ctx)
}

// Float32Pixels encodes float32 channel values as the bytes of a CL_FLOAT
// image (little-endian).
func Float32Pixels(v []float32) []byte {
	out := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(f))
	}
	return out
}

// PixelsFloat32 decodes the bytes of a CL_FLOAT image.
func PixelsFloat32(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
