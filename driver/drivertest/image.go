package drivertest

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/clgo/clgo/driver"
)

// The fake device's images: tightly packed host bytes, a few formats. A
// Device implements driver.ImageDevice and its Queue driver.ImageQueue;
// the runtime uses them only when DevInfo.Caps.Images is set.

// Format values (cl_channel_order, cl_channel_type) the fake supports.
const (
	orderR, orderRG, orderRGBA, orderBGRA             = 0x10B0, 0x10B2, 0x10B5, 0x10B6
	typeUnormInt8, typeSignedInt32, typeUnsignedInt8  = 0x10D2, 0x10D9, 0x10DA
	typeUnsignedInt32, typeHalf, typeFloat, typeSint8 = 0x10DC, 0x10DD, 0x10DE, 0x10D7
)

// Formats are the formats the fake reports for every image type and usage.
var Formats = []driver.ImageFormat{
	{Order: orderRGBA, DataType: typeUnormInt8}, {Order: orderBGRA, DataType: typeUnormInt8},
	{Order: orderRGBA, DataType: typeFloat}, {Order: orderR, DataType: typeFloat},
	{Order: orderRGBA, DataType: typeUnsignedInt32}, {Order: orderRGBA, DataType: typeSignedInt32},
	{Order: orderR, DataType: typeUnsignedInt8}, {Order: orderRG, DataType: typeSint8},
}

// elemSize is the pixel size of one of Formats, 0 for another format.
func elemSize(f driver.ImageFormat) uint64 {
	var ch uint64
	switch f.Order {
	case orderR:
		ch = 1
	case orderRG:
		ch = 2
	case orderRGBA, orderBGRA:
		ch = 4
	default:
		return 0
	}
	switch f.DataType {
	case typeUnormInt8, typeUnsignedInt8, typeSint8:
		return ch
	case typeHalf:
		return 2 * ch
	case typeFloat, typeSignedInt32, typeUnsignedInt32:
		return 4 * ch
	}
	return 0
}

// Image is an image in host memory, tightly packed; a 1D buffer image
// views its Buffer.
type Image struct {
	dev  *Device
	desc driver.ImageDesc
	elem uint64
	mem  []byte
	// Released is set by Release.
	Released bool
}

func (im *Image) Desc() driver.ImageDesc { return im.desc }
func (im *Image) Release() {
	im.dev.mu.Lock()
	defer im.dev.mu.Unlock()
	if !im.Released {
		im.Released = true
		im.dev.LiveImages--
	}
}

// Bytes are the image's pixels, tightly packed (for tests and kernels).
func (im *Image) Bytes() []byte { return im.mem }

func (d *Device) ImageFormats(t driver.ImageType, u driver.ImageUsage) []driver.ImageFormat {
	return append([]driver.ImageFormat(nil), Formats...)
}

func (d *Device) ImageLimits() driver.ImageLimits {
	return driver.ImageLimits{
		MaxWidth2D: 4096, MaxHeight2D: 4096, MaxWidth3D: 512, MaxHeight3D: 512, MaxDepth3D: 512,
		MaxBufferSize: 1 << 16, MaxArraySize: 256, MaxReadArgs: 128, MaxWriteArgs: 64,
		MaxReadWriteArgs: 64, MaxSamplers: 16, PitchAlignment: 1, BaseAddressAlignment: 1,
	}
}

func (d *Device) NewImage(desc driver.ImageDesc) (driver.Image, error) {
	elem := elemSize(desc.Format)
	if elem == 0 {
		return nil, fmt.Errorf("fake: format %#x %#x: %w", desc.Format.Order, desc.Format.DataType, driver.ErrInvalidValue)
	}
	e := desc.Extent()
	n := e[0] * e[1] * e[2] * elem
	im := &Image{dev: d, desc: desc, elem: elem}
	if desc.Type == driver.Image1DBuffer {
		fb, err := checkRange(desc.Buffer, desc.BufferOffset, n)
		if err != nil {
			return nil, err
		}
		im.mem = fb.mem[desc.BufferOffset : desc.BufferOffset+n]
	} else {
		if n == 0 || n > d.DevInfo.MaxAllocSize {
			return nil, fmt.Errorf("fake: image of %d bytes: %w", n, driver.ErrInvalidValue)
		}
		im.mem = make([]byte, n)
	}
	d.mu.Lock()
	d.LiveImages++
	d.mu.Unlock()
	return im, nil
}

func checkImage(i driver.Image, origin, region [3]uint64) (*Image, error) {
	im, ok := i.(*Image)
	if !ok || im == nil {
		return nil, fmt.Errorf("fake: not a fake image: %w", driver.ErrInvalidMemObject)
	}
	e := im.desc.Extent()
	for k := range 3 {
		if region[k] == 0 || origin[k]+region[k] > e[k] {
			return nil, fmt.Errorf("fake: origin %v region %v of an image of %v: %w", origin, region, e, driver.ErrInvalidValue)
		}
	}
	return im, nil
}

// rows calls f with the byte offset in the image and in the packed
// region of each row of the region.
func (im *Image) rows(origin, region [3]uint64, f func(img, packed, n uint64)) {
	e := im.desc.Extent()
	n := region[0] * im.elem
	p := uint64(0)
	for z := range region[2] {
		for y := range region[1] {
			o := (((origin[2]+z)*e[1]+origin[1]+y)*e[0] + origin[0]) * im.elem
			f(o, p, n)
			p += n
		}
	}
}

func regionSize(im *Image, region [3]uint64) uint64 {
	return region[0] * region[1] * region[2] * im.elem
}

func (q *Queue) WriteImage(dst driver.Image, origin, region [3]uint64, src []byte, wait []driver.Event) (driver.Event, error) {
	im, err := checkImage(dst, origin, region)
	if err != nil {
		return nil, err
	}
	if uint64(len(src)) != regionSize(im, region) {
		return nil, fmt.Errorf("fake: %d bytes for region %v: %w", len(src), region, driver.ErrInvalidValue)
	}
	return q.enqueue(wait, func() error {
		im.rows(origin, region, func(o, p, n uint64) { copy(im.mem[o:o+n], src[p:p+n]) })
		return nil
	})
}

func (q *Queue) ReadImage(src driver.Image, origin, region [3]uint64, dst []byte, wait []driver.Event) (driver.Event, error) {
	im, err := checkImage(src, origin, region)
	if err != nil {
		return nil, err
	}
	if uint64(len(dst)) != regionSize(im, region) {
		return nil, fmt.Errorf("fake: %d bytes for region %v: %w", len(dst), region, driver.ErrInvalidValue)
	}
	return q.enqueue(wait, func() error {
		im.rows(origin, region, func(o, p, n uint64) { copy(dst[p:p+n], im.mem[o:o+n]) })
		return nil
	})
}

func (q *Queue) CopyImage(src, dst driver.Image, srcOrigin, dstOrigin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	s, err := checkImage(src, srcOrigin, region)
	if err != nil {
		return nil, err
	}
	d, err := checkImage(dst, dstOrigin, region)
	if err != nil {
		return nil, err
	}
	if s.desc.Format != d.desc.Format {
		return nil, fmt.Errorf("fake: copy between formats: %w", driver.ErrInvalidValue)
	}
	return q.enqueue(wait, func() error {
		tmp := make([]byte, regionSize(s, region))
		s.rows(srcOrigin, region, func(o, p, n uint64) { copy(tmp[p:p+n], s.mem[o:o+n]) })
		d.rows(dstOrigin, region, func(o, p, n uint64) { copy(d.mem[o:o+n], tmp[p:p+n]) })
		return nil
	})
}

// encodeColor converts a fill color to a pixel of f, as write_image would
// (for the fake's formats).
func encodeColor(f driver.ImageFormat, c [4]uint32) []byte {
	var out []byte
	ch := int(elemSize(f))
	switch f.DataType {
	case typeUnormInt8:
		ch /= 1
	case typeFloat, typeSignedInt32, typeUnsignedInt32:
		ch /= 4
	case typeHalf:
		ch /= 2
	}
	comps := c
	if f.Order == orderBGRA {
		comps = [4]uint32{c[2], c[1], c[0], c[3]}
	}
	for i := range ch {
		v := comps[i]
		switch f.DataType {
		case typeUnormInt8:
			x := math.Float32frombits(v)
			x = min(max(x, 0), 1)
			out = append(out, byte(math.RoundToEven(float64(x)*255)))
		case typeUnsignedInt8:
			out = append(out, byte(min(v, 255)))
		case typeSint8:
			out = append(out, byte(int8(min(max(int32(v), -128), 127))))
		default:
			out = binary.LittleEndian.AppendUint32(out, v)
		}
	}
	return out
}

func (q *Queue) FillImage(dst driver.Image, color [4]uint32, origin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	im, err := checkImage(dst, origin, region)
	if err != nil {
		return nil, err
	}
	px := encodeColor(im.desc.Format, color)
	return q.enqueue(wait, func() error {
		im.rows(origin, region, func(o, p, n uint64) {
			for i := o; i < o+n; i += im.elem {
				copy(im.mem[i:], px)
			}
		})
		return nil
	})
}

func (q *Queue) CopyImageToBuffer(src driver.Image, dst driver.Buffer, srcOrigin, region [3]uint64, dstOffset uint64, wait []driver.Event) (driver.Event, error) {
	s, err := checkImage(src, srcOrigin, region)
	if err != nil {
		return nil, err
	}
	fb, err := checkRange(dst, dstOffset, regionSize(s, region))
	if err != nil {
		return nil, err
	}
	return q.enqueue(wait, func() error {
		s.rows(srcOrigin, region, func(o, p, n uint64) { copy(fb.mem[dstOffset+p:dstOffset+p+n], s.mem[o:o+n]) })
		return nil
	})
}

func (q *Queue) CopyBufferToImage(src driver.Buffer, dst driver.Image, srcOffset uint64, dstOrigin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	d, err := checkImage(dst, dstOrigin, region)
	if err != nil {
		return nil, err
	}
	fb, err := checkRange(src, srcOffset, regionSize(d, region))
	if err != nil {
		return nil, err
	}
	return q.enqueue(wait, func() error {
		d.rows(dstOrigin, region, func(o, p, n uint64) { copy(d.mem[o:o+n], fb.mem[srcOffset+p:srcOffset+p+n]) })
		return nil
	})
}
