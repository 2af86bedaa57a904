package host

import (
	"context"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// The image commands of a host queue (driver.ImageQueue). Like the buffer
// commands they check their arguments when enqueued and copy rows of
// pixels when they run, in queue order after their wait lists.

// imageRegion checks that [origin, origin+region) lies in im and returns
// its size in bytes.
func imageRegion(im *image, origin, region [3]uint64) (uint64, error) {
	for i := range 3 {
		if region[i] == 0 || origin[i] > uint64(im.Ext[i]) || region[i] > uint64(im.Ext[i])-origin[i] {
			return 0, fmt.Errorf("host: image region at %v of %v pixels out of an image of %v: %w", origin, region, im.Ext, driver.ErrInvalidValue)
		}
	}
	return region[0] * region[1] * region[2] * uint64(im.Elem), nil
}

// rows calls f with the byte offset in im of each row of the region and
// the offset of that row in the packed region.
func rows(im *image, origin, region [3]uint64, f func(imOff, packedOff, n int)) {
	n := int(region[0]) * im.Elem
	at := 0
	for z := range int(region[2]) {
		for y := range int(region[1]) {
			off := ((int(origin[2])+z)*im.Ext[1]+int(origin[1])+y)*im.Ext[0] + int(origin[0])
			f(off*im.Elem, at, n)
			at += n
		}
	}
}

func (q *queue) WriteImage(dst driver.Image, origin, region [3]uint64, src []byte, wait []driver.Event) (driver.Event, error) {
	im, err := imageOf(dst)
	if err != nil {
		return nil, err
	}
	size, err := imageRegion(im, origin, region)
	if err != nil {
		return nil, err
	}
	if uint64(len(src)) < size {
		return nil, fmt.Errorf("host: write of %d bytes to an image region of %d: %w", len(src), size, driver.ErrInvalidValue)
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		rows(im, origin, region, func(o, p, n int) { copy(im.Data[o:o+n], src[p:p+n]) })
		return nil
	})
}

func (q *queue) ReadImage(src driver.Image, origin, region [3]uint64, dst []byte, wait []driver.Event) (driver.Event, error) {
	im, err := imageOf(src)
	if err != nil {
		return nil, err
	}
	size, err := imageRegion(im, origin, region)
	if err != nil {
		return nil, err
	}
	if uint64(len(dst)) < size {
		return nil, fmt.Errorf("host: read of an image region of %d bytes into %d: %w", size, len(dst), driver.ErrInvalidValue)
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		rows(im, origin, region, func(o, p, n int) { copy(dst[p:p+n], im.Data[o:o+n]) })
		return nil
	})
}

func (q *queue) CopyImage(src, dst driver.Image, srcOrigin, dstOrigin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	s, err := imageOf(src)
	if err != nil {
		return nil, err
	}
	d, err := imageOf(dst)
	if err != nil {
		return nil, err
	}
	if s.desc.Format != d.desc.Format {
		return nil, fmt.Errorf("host: copy between images of formats %#x/%#x and %#x/%#x: %w", s.desc.Format.Order,
			s.desc.Format.DataType, d.desc.Format.Order, d.desc.Format.DataType, driver.ErrInvalidValue)
	}
	if _, err := imageRegion(s, srcOrigin, region); err != nil {
		return nil, err
	}
	size, err := imageRegion(d, dstOrigin, region)
	if err != nil {
		return nil, err
	}
	if s == d && boxesOverlap(srcOrigin, dstOrigin, region) {
		return nil, fmt.Errorf("host: overlapping image copy: %w", driver.ErrInvalidValue)
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		// Through packed rows: an Image1DBuffer may share its bytes with
		// the other image's buffer.
		tmp := make([]byte, size)
		rows(s, srcOrigin, region, func(o, p, n int) { copy(tmp[p:p+n], s.Data[o:o+n]) })
		rows(d, dstOrigin, region, func(o, p, n int) { copy(d.Data[o:o+n], tmp[p:p+n]) })
		return nil
	})
}

// boxesOverlap says whether two regions of one size overlap.
func boxesOverlap(a, b, region [3]uint64) bool {
	for i := range 3 {
		if a[i] >= b[i]+region[i] || b[i] >= a[i]+region[i] {
			return false
		}
	}
	return true
}

func (q *queue) FillImage(dst driver.Image, color [4]uint32, origin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	im, err := imageOf(dst)
	if err != nil {
		return nil, err
	}
	if _, err := imageRegion(im, origin, region); err != nil {
		return nil, err
	}
	px := make([]byte, im.Elem)
	imageformat.Write(im.desc.Format, px, color)
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		rows(im, origin, region, func(o, _, n int) {
			for i := o; i < o+n; i += len(px) {
				copy(im.Data[i:], px)
			}
		})
		return nil
	})
}

func (q *queue) CopyImageToBuffer(src driver.Image, dst driver.Buffer, srcOrigin, region [3]uint64, dstOffset uint64, wait []driver.Event) (driver.Event, error) {
	im, err := imageOf(src)
	if err != nil {
		return nil, err
	}
	size, err := imageRegion(im, srcOrigin, region)
	if err != nil {
		return nil, err
	}
	b, err := rangeOf(dst, dstOffset, size)
	if err != nil {
		return nil, err
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		rows(im, srcOrigin, region, func(o, p, n int) { copy(b[p:p+n], im.Data[o:o+n]) })
		return nil
	})
}

func (q *queue) CopyBufferToImage(src driver.Buffer, dst driver.Image, srcOffset uint64, dstOrigin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	im, err := imageOf(dst)
	if err != nil {
		return nil, err
	}
	size, err := imageRegion(im, dstOrigin, region)
	if err != nil {
		return nil, err
	}
	b, err := rangeOf(src, srcOffset, size)
	if err != nil {
		return nil, err
	}
	return q.enqueue(context.Background(), wait, func(context.Context) error {
		rows(im, dstOrigin, region, func(o, p, n int) { copy(im.Data[o:o+n], b[p:p+n]) })
		return nil
	})
}

var (
	_ driver.ImageDevice = (*Device)(nil)
	_ driver.ImageQueue  = (*queue)(nil)
)
