package vulkan

import (
	"fmt"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// The image commands of a queue (driver.ImageQueue). Host data goes
// through the staging ring in pieces of whole rows (chunkSize at most),
// copied with vkCmdCopyBufferToImage / vkCmdCopyImageToBuffer from tightly
// packed rows (bufferRowLength and bufferImageHeight 0). Every image
// command starts with a global barrier and makes the next command of the
// batch start with one (recording.imgDirty): images are not tracked by
// range as buffers are, and images stay in layout GENERAL (image.go), so a
// memory barrier is all an image dependency needs. 1D buffer images are
// buffer commands on their buffer's range.

// imageCmd is the image part of a command.
type imageCmd struct {
	src, dst                     *Image
	srcOrigin, dstOrigin, region [3]uint64
	bufOff                       uint64 // the offset in c.src or c.dst (buffer <-> image copies)
	host                         []byte // WriteImage source, ReadImage destination
}

func (ic *imageCmd) release() {
	if ic == nil {
		return
	}
	if ic.src != nil {
		ic.src.unref()
	}
	if ic.dst != nil {
		ic.dst.unref()
	}
	ic.src, ic.dst = nil, nil
}

func (q *queue) WriteImage(dst driver.Image, origin, region [3]uint64, src []byte, wait []driver.Event) (driver.Event, error) {
	im, err := q.imageRegion(dst, origin, region)
	if err != nil {
		return nil, err
	}
	n := im.bytes(region)
	if uint64(len(src)) < n {
		return nil, fmt.Errorf("vulkan: WriteImage of a %v region (%d bytes) from %d bytes: %w", region, n, len(src), driver.ErrInvalidValue)
	}
	if im.buf != nil {
		return q.WriteBuffer(im.buf, im.desc.BufferOffset+origin[0]*uint64(im.fmt.size), src[:n], wait)
	}
	im.ref()
	return q.enqueue(&command{kind: cmdImageWrite, img: &imageCmd{dst: im, dstOrigin: origin, region: region, host: src[:n]}}, wait)
}

func (q *queue) ReadImage(src driver.Image, origin, region [3]uint64, dst []byte, wait []driver.Event) (driver.Event, error) {
	im, err := q.imageRegion(src, origin, region)
	if err != nil {
		return nil, err
	}
	n := im.bytes(region)
	if uint64(len(dst)) < n {
		return nil, fmt.Errorf("vulkan: ReadImage of a %v region (%d bytes) into %d bytes: %w", region, n, len(dst), driver.ErrInvalidValue)
	}
	if im.buf != nil {
		return q.ReadBuffer(im.buf, im.desc.BufferOffset+origin[0]*uint64(im.fmt.size), dst[:n], wait)
	}
	im.ref()
	return q.enqueue(&command{kind: cmdImageRead, img: &imageCmd{src: im, srcOrigin: origin, region: region, host: dst[:n]}}, wait)
}

func (q *queue) CopyImage(src, dst driver.Image, srcOrigin, dstOrigin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	s, err := q.imageRegion(src, srcOrigin, region)
	if err != nil {
		return nil, err
	}
	d, err := q.imageRegion(dst, dstOrigin, region)
	if err != nil {
		return nil, err
	}
	if s.desc.Format != d.desc.Format {
		return nil, fmt.Errorf("vulkan: CopyImage between formats %#x/%#x and %#x/%#x: %w", s.desc.Format.Order, s.desc.Format.DataType, d.desc.Format.Order, d.desc.Format.DataType, driver.ErrInvalidValue)
	}
	if s == d {
		overlap := true
		for i := range 3 {
			overlap = overlap && srcOrigin[i] < dstOrigin[i]+region[i] && dstOrigin[i] < srcOrigin[i]+region[i]
		}
		if overlap {
			return nil, fmt.Errorf("vulkan: CopyImage of overlapping regions of one image: %w", driver.ErrInvalidValue)
		}
	}
	// One-dimensional images (whose second coordinate is a layer) copy
	// only among themselves.
	if oneD(s.desc.Type) != oneD(d.desc.Type) {
		return nil, fmt.Errorf("vulkan: CopyImage between image types %#x and %#x: %w", uint32(s.desc.Type), uint32(d.desc.Type), driver.ErrUnsupported)
	}
	switch {
	case s.buf != nil && d.buf != nil:
		es := uint64(s.fmt.size)
		return q.CopyBuffer(s.buf, s.desc.BufferOffset+srcOrigin[0]*es, d.buf, d.desc.BufferOffset+dstOrigin[0]*es, region[0]*es, wait)
	case s.buf != nil:
		return q.CopyBufferToImage(s.buf, d, s.desc.BufferOffset+srcOrigin[0]*uint64(s.fmt.size), dstOrigin, region, wait)
	case d.buf != nil:
		return q.CopyImageToBuffer(s, d.buf, srcOrigin, region, d.desc.BufferOffset+dstOrigin[0]*uint64(d.fmt.size), wait)
	}
	s.ref()
	d.ref()
	return q.enqueue(&command{kind: cmdImageCopy, img: &imageCmd{src: s, dst: d, srcOrigin: srcOrigin, dstOrigin: dstOrigin, region: region}}, wait)
}

func oneD(t driver.ImageType) bool {
	return t == driver.Image1D || t == driver.Image1DArray || t == driver.Image1DBuffer
}

func (q *queue) FillImage(dst driver.Image, color [4]uint32, origin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	im, err := q.imageRegion(dst, origin, region)
	if err != nil {
		return nil, err
	}
	pixel, err := packPixel(im.desc.Format, color)
	if err != nil {
		return nil, err
	}
	if im.buf != nil {
		es := uint64(im.fmt.size)
		return q.FillBuffer(im.buf, im.desc.BufferOffset+origin[0]*es, region[0]*es, pixel, wait)
	}
	n := im.bytes(region)
	host := make([]byte, n)
	for i := uint64(0); i < n; i += uint64(len(pixel)) {
		copy(host[i:], pixel)
	}
	im.ref()
	return q.enqueue(&command{kind: cmdImageWrite, img: &imageCmd{dst: im, dstOrigin: origin, region: region, host: host}}, wait)
}

func (q *queue) CopyImageToBuffer(src driver.Image, dst driver.Buffer, srcOrigin, region [3]uint64, dstOffset uint64, wait []driver.Event) (driver.Event, error) {
	im, err := q.imageRegion(src, srcOrigin, region)
	if err != nil {
		return nil, err
	}
	b, err := bufferOf(dst, q.d)
	if err != nil {
		return nil, err
	}
	n := im.bytes(region)
	if err := checkRange(b, dstOffset, n); err != nil {
		return nil, err
	}
	if im.buf != nil {
		return q.CopyBuffer(im.buf, im.desc.BufferOffset+srcOrigin[0]*uint64(im.fmt.size), b, dstOffset, n, wait)
	}
	im.ref()
	b.ref()
	return q.enqueue(&command{kind: cmdImageToBuffer, dst: b, img: &imageCmd{src: im, srcOrigin: srcOrigin, region: region, bufOff: dstOffset}}, wait)
}

func (q *queue) CopyBufferToImage(src driver.Buffer, dst driver.Image, srcOffset uint64, dstOrigin, region [3]uint64, wait []driver.Event) (driver.Event, error) {
	im, err := q.imageRegion(dst, dstOrigin, region)
	if err != nil {
		return nil, err
	}
	b, err := bufferOf(src, q.d)
	if err != nil {
		return nil, err
	}
	n := im.bytes(region)
	if err := checkRange(b, srcOffset, n); err != nil {
		return nil, err
	}
	if im.buf != nil {
		return q.CopyBuffer(b, srcOffset, im.buf, im.desc.BufferOffset+dstOrigin[0]*uint64(im.fmt.size), n, wait)
	}
	im.ref()
	b.ref()
	return q.enqueue(&command{kind: cmdBufferToImage, src: b, img: &imageCmd{dst: im, dstOrigin: dstOrigin, region: region, bufOff: srcOffset}}, wait)
}

// imageRegion returns the image behind i after checking the region.
func (q *queue) imageRegion(i driver.Image, origin, region [3]uint64) (*Image, error) {
	im, err := imageOf(i, q.d)
	if err != nil {
		return nil, err
	}
	if err := im.checkRegion(origin, region); err != nil {
		return nil, err
	}
	return im, nil
}

// pieces cuts a region of im into copies of at most chunkSize bytes (whole
// rows; the whole region at once when it fits) and calls fn with each
// copy's offset in the tightly packed data, its size and its
// VkBufferImageCopy (bufferOffset left for fn).
func (im *Image) pieces(origin, region [3]uint64, fn func(off, n uint64, cp *vkBufferImageCopy) error) error {
	o, e, base, count := im.sub(origin, region)
	row := uint64(e.width) * uint64(im.fmt.size)
	if total := row * uint64(e.height) * uint64(e.depth) * uint64(count); total <= chunkSize {
		cp := vkBufferImageCopy{imageSubresource: vkImageSubresourceLayers{imageAspectColor, 0, base, count}, imageOffset: o, imageExtent: e}
		return fn(0, total, &cp)
	}
	per := max(1, chunkSize/row)
	slices := uint64(e.depth) * uint64(count)
	for i := range slices {
		layer, z := base, o.z
		if im.desc.Type == driver.Image3D {
			z += int32(i)
		} else {
			layer += uint32(i)
		}
		for y := uint64(0); y < uint64(e.height); y += per {
			rows := min(per, uint64(e.height)-y)
			cp := vkBufferImageCopy{imageSubresource: vkImageSubresourceLayers{imageAspectColor, 0, layer, 1},
				imageOffset: vkOffset3D{o.x, o.y + int32(y), z}, imageExtent: vkExtent3D{e.width, uint32(rows), 1}}
			if err := fn((i*uint64(e.height)+y)*row, rows*row, &cp); err != nil {
				return err
			}
		}
	}
	return nil
}

// recordImage records an image command into b (or the batches after it,
// when the staging ring fills) and returns the batch to go on with.
func (s *submitter) recordImage(b *batch, c *command) (*batch, error) {
	l := s.l
	ic := c.img
	s.barrier(b, pipelineStageComputeShader|pipelineStageTransfer)
	var err error
	switch c.kind {
	case cmdImageInit:
		im := ic.dst
		rng := vkImageSubresourceRange{aspectMask: imageAspectColor, levelCount: 1, layerCount: ^uint32(0)}
		ib := &vkImageMemoryBarrier{sType: sTypeImageMemoryBarrier, dstAccessMask: accessTransferWrite,
			oldLayout: imageLayoutUndefined, newLayout: imageLayoutGeneral,
			srcQueueFamilyIndex: ^uint32(0), dstQueueFamilyIndex: ^uint32(0), image: im.image, subresourceRange: rng}
		call(l.vkCmdPipelineBarrier, b.cb, pipelineStageTopOfPipe, pipelineStageTransfer, 0, 0, 0, 0, 0, 1, uintptr(unsafe.Pointer(ib)))
		var zero [4]uint32
		call(l.vkCmdClearColorImage, b.cb, uintptr(im.image), imageLayoutGeneral, uintptr(unsafe.Pointer(&zero)), 1, uintptr(unsafe.Pointer(&rng)))
	case cmdImageWrite:
		im := ic.dst
		err = im.pieces(ic.dstOrigin, ic.region, func(off, n uint64, cp *vkBufferImageCopy) error {
			var pos uint64
			var err error
			if b, pos, err = s.ringAlloc(b, n, 16); err != nil {
				return err
			}
			copy(l.staging.bytes(pos, n), ic.host[off:off+n])
			cp.bufferOffset = l.staging.offset(pos)
			call(l.vkCmdCopyBufferToImage, b.cb, uintptr(l.staging.buf), uintptr(im.image), imageLayoutGeneral, 1, uintptr(unsafe.Pointer(cp)))
			return nil
		})
	case cmdImageRead:
		im := ic.src
		err = im.pieces(ic.srcOrigin, ic.region, func(off, n uint64, cp *vkBufferImageCopy) error {
			var pos uint64
			var err error
			if b, pos, err = s.ringAlloc(b, n, 16); err != nil {
				return err
			}
			cp.bufferOffset = l.staging.offset(pos)
			call(l.vkCmdCopyImageToBuffer, b.cb, uintptr(im.image), imageLayoutGeneral, uintptr(l.staging.buf), 1, uintptr(unsafe.Pointer(cp)))
			host, view := ic.host[off:off+n], l.staging.bytes(pos, n)
			b.after = append(b.after, func() { c.deliver(host, view) })
			return nil
		})
	case cmdImageCopy:
		src, dst := ic.src, ic.dst
		so, se, sb, sc := src.sub(ic.srcOrigin, ic.region)
		do, _, db, dc := dst.sub(ic.dstOrigin, ic.region)
		ext := se
		if dst.desc.Type == driver.Image3D && src.desc.Type != driver.Image3D {
			ext.depth = sc // 2D array layers onto 3D slices (Vulkan 1.1)
		}
		cp := &vkImageCopy{srcSubresource: vkImageSubresourceLayers{imageAspectColor, 0, sb, sc}, srcOffset: so,
			dstSubresource: vkImageSubresourceLayers{imageAspectColor, 0, db, dc}, dstOffset: do, extent: ext}
		call(l.vkCmdCopyImage, b.cb, uintptr(src.image), imageLayoutGeneral, uintptr(dst.image), imageLayoutGeneral, 1, uintptr(unsafe.Pointer(cp)))
	case cmdImageToBuffer, cmdBufferToImage:
		b, err = s.recordImageBuffer(b, c)
	}
	if b != nil {
		b.imgDirty = true
	}
	return b, err
}

// recordImageBuffer copies between an image and a buffer: directly where
// the buffer offset suits vkCmdCopy{Buffer,Image}To{Image,Buffer} (a
// multiple of 4 and of the pixel size), through the staging ring
// otherwise.
func (s *submitter) recordImageBuffer(b *batch, c *command) (*batch, error) {
	l := s.l
	ic := c.img
	toBuffer := c.kind == cmdImageToBuffer
	im, buf, origin := ic.dst, c.src, ic.dstOrigin
	if toBuffer {
		im, buf, origin = ic.src, c.dst, ic.srcOrigin
	}
	base := buf.off + ic.bufOff
	es := uint64(im.fmt.size)
	if base%4 == 0 && base%es == 0 {
		o, e, lb, lc := im.sub(origin, ic.region)
		cp := &vkBufferImageCopy{bufferOffset: base, imageSubresource: vkImageSubresourceLayers{imageAspectColor, 0, lb, lc}, imageOffset: o, imageExtent: e}
		if toBuffer {
			call(l.vkCmdCopyImageToBuffer, b.cb, uintptr(im.image), imageLayoutGeneral, uintptr(buf.blk.buf), 1, uintptr(unsafe.Pointer(cp)))
		} else {
			call(l.vkCmdCopyBufferToImage, b.cb, uintptr(buf.blk.buf), uintptr(im.image), imageLayoutGeneral, 1, uintptr(unsafe.Pointer(cp)))
		}
		return b, nil
	}
	err := im.pieces(origin, ic.region, func(off, n uint64, cp *vkBufferImageCopy) error {
		var pos uint64
		var err error
		if b, pos, err = s.ringAlloc(b, n, 16); err != nil {
			return err
		}
		cp.bufferOffset = l.staging.offset(pos)
		bc := &vkBufferCopy{srcOffset: cp.bufferOffset, dstOffset: base + off, size: n}
		if toBuffer {
			call(l.vkCmdCopyImageToBuffer, b.cb, uintptr(im.image), imageLayoutGeneral, uintptr(l.staging.buf), 1, uintptr(unsafe.Pointer(cp)))
			s.barrier(b, pipelineStageTransfer)
			call(l.vkCmdCopyBuffer, b.cb, uintptr(l.staging.buf), uintptr(buf.blk.buf), 1, uintptr(unsafe.Pointer(bc)))
		} else {
			bc.srcOffset, bc.dstOffset = base+off, cp.bufferOffset
			call(l.vkCmdCopyBuffer, b.cb, uintptr(buf.blk.buf), uintptr(l.staging.buf), 1, uintptr(unsafe.Pointer(bc)))
			s.barrier(b, pipelineStageTransfer)
			call(l.vkCmdCopyBufferToImage, b.cb, uintptr(l.staging.buf), uintptr(im.image), imageLayoutGeneral, 1, uintptr(unsafe.Pointer(cp)))
		}
		return nil
	})
	return b, err
}
