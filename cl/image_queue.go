package cl

import (
	"math"

	"github.com/clgo/clgo/driver"
)

// The image commands of a queue. Origins and regions are in pixels, as in
// clEnqueueReadImage: (x, y, z) with a 1D array's layer in y and a 2D
// array's in z; unused components are origin 0 and region 1. Host memory
// is laid out with a row pitch and a slice pitch in bytes (0: tightly
// packed); drivers see tightly packed pixels only (driver.ImageQueue), so
// the commands here convert.

// imageQueue is q's driver queue as an image queue.
func (q *Queue) imageQueue(op string) (driver.ImageQueue, error) {
	iq, ok := q.dq.(driver.ImageQueue)
	if !ok {
		return nil, errorf(ErrInvalidOperation, "%s: %s does not support images", op, q.dev)
	}
	return iq, nil
}

// hostLayout validates the host pitches of a region of img and returns the
// byte strides of a step in y and in z of the region, and the bytes the
// host memory must have. Zero pitches are computed (tightly packed); the
// slice pitch of a 1D or 2D image is ignored.
func (img *Image) hostLayout(op string, region [3]uint64, row, slice uint64) (ys, zs, need uint64, err error) {
	tight, ok := mulOK(region[0], img.elem)
	if !ok {
		return 0, 0, 0, errorf(ErrInvalidValue, "%s: region %v overflows", op, region)
	}
	if row == 0 {
		row = tight
	}
	if row < tight {
		return 0, 0, 0, errorf(ErrInvalidValue, "%s: row pitch %d is less than a row of %d bytes", op, row, tight)
	}
	switch img.desc.Type {
	case driver.Image1D, driver.Image1DBuffer, driver.Image2D:
		slice = 0
	case driver.Image1DArray:
		if slice == 0 {
			slice = row
		}
		if slice < row {
			return 0, 0, 0, errorf(ErrInvalidValue, "%s: slice pitch %d is less than the row pitch %d", op, slice, row)
		}
	default:
		minSlice, ok := mulOK(row, region[1])
		if !ok {
			return 0, 0, 0, errorf(ErrInvalidValue, "%s: row pitch %d x %d rows overflows", op, row, region[1])
		}
		if slice == 0 {
			slice = minSlice
		}
		if slice < minSlice {
			return 0, 0, 0, errorf(ErrInvalidValue, "%s: slice pitch %d is less than %d rows of %d bytes", op, slice, region[1], row)
		}
	}
	ys, zs = hostStrides(img.desc.Type, row, slice)
	end, ok := boxEnd([3]uint64{}, [3]uint64{tight, region[1], region[2]}, ys, zs)
	if !ok {
		return 0, 0, 0, errorf(ErrInvalidValue, "%s: region %v with pitches %d, %d overflows", op, region, row, slice)
	}
	return ys, zs, end, nil
}

// run is a part of a region that is contiguous in host memory: its origin
// relative to the region's, its size, and its offset in host memory.
type run struct {
	at, region [3]uint64
	host       uint64
}

// runs cuts a region laid out with strides ys and zs into the fewest parts
// contiguous in host memory: the whole region, its slices, or its rows.
func runs(region [3]uint64, elem, ys, zs uint64) []run {
	rowBytes := region[0] * elem
	switch {
	case ys == rowBytes && (region[2] == 1 || zs == ys*region[1]):
		return []run{{region: region}}
	case ys == rowBytes || region[1] == 1:
		out := make([]run, 0, region[2])
		for z := range region[2] {
			out = append(out, run{at: [3]uint64{0, 0, z}, region: [3]uint64{region[0], region[1], 1}, host: z * zs})
		}
		return out
	}
	out := make([]run, 0, region[1]*region[2])
	for z := range region[2] {
		for y := range region[1] {
			out = append(out, run{at: [3]uint64{0, y, z}, region: [3]uint64{region[0], 1, 1}, host: z*zs + y*ys})
		}
	}
	return out
}

func addOrigin(o, at [3]uint64) [3]uint64 { return [3]uint64{o[0] + at[0], o[1] + at[1], o[2] + at[2]} }

// readInto reads a region of di into dst, laid out with strides ys and zs.
func readInto(iq driver.ImageQueue, di driver.Image, origin, region [3]uint64, elem, ys, zs uint64, dst []byte, dw []driver.Event) (driver.Event, error) {
	var evs []driver.Event
	for _, r := range runs(region, elem, ys, zs) {
		n := r.region[0] * r.region[1] * r.region[2] * elem
		ev, err := iq.ReadImage(di, addOrigin(origin, r.at), r.region, dst[r.host:r.host+n], dw)
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
	}
	return join(evs), nil
}

// packed returns the pixels of a region from host memory laid out with
// strides ys and zs, tightly packed (src itself when it is so already).
func packed(src []byte, region [3]uint64, elem, ys, zs uint64) []byte {
	rowBytes := region[0] * elem
	n := rowBytes * region[1] * region[2]
	if rs := runs(region, elem, ys, zs); len(rs) == 1 {
		return src[:n:n]
	}
	out := make([]byte, 0, n)
	for z := range region[2] {
		for y := range region[1] {
			s := z*zs + y*ys
			out = append(out, src[s:s+rowBytes]...)
		}
	}
	return out
}

func (img *Image) hostReadable(op string) error {
	if img.flags&(MemHostWriteOnly|MemHostNoAccess) != 0 {
		return errorf(ErrInvalidOperation, "%s: image made with host write-only or no-access", op)
	}
	return nil
}

func (img *Image) hostWritable(op string) error {
	if img.flags&(MemHostReadOnly|MemHostNoAccess) != 0 {
		return errorf(ErrInvalidOperation, "%s: image made with host read-only or no-access", op)
	}
	return nil
}

// EnqueueReadImage reads a region of img into dst, laid out with row and
// slice pitches in bytes (0: tightly packed). dst must not be touched
// until the event completes.
func (q *Queue) EnqueueReadImage(img *Image, origin, region [3]uint64, rowPitch, slicePitch uint64, dst []byte, wait ...*Event) (*Event, error) {
	return q.readImage("clEnqueueReadImage", CommandReadImage, img, origin, region, rowPitch, slicePitch, dst, wait)
}

// EnqueueReadImageForMap is EnqueueReadImage for a map whose memory the
// caller owns (the C API's clEnqueueMapImage): a CL_MAP_WRITE map of a
// CL_MEM_HOST_WRITE_ONLY image reads too, as EnqueueReadForMap does for
// buffers.
func (q *Queue) EnqueueReadImageForMap(img *Image, origin, region [3]uint64, rowPitch, slicePitch uint64, dst []byte, wait ...*Event) (*Event, error) {
	return q.readImage("clEnqueueMapImage", CommandMapImage, img, origin, region, rowPitch, slicePitch, dst, wait)
}

func (q *Queue) readImage(op string, typ CommandType, img *Image, origin, region [3]uint64, rowPitch, slicePitch uint64, dst []byte, wait []*Event) (*Event, error) {
	if err := img.useOn(q, op); err != nil {
		return nil, err
	}
	if typ == CommandReadImage {
		if err := img.hostReadable(op); err != nil {
			return nil, err
		}
	}
	if err := img.checkRegion(op, "", origin, region); err != nil {
		return nil, err
	}
	ys, zs, need, err := img.hostLayout(op, region, rowPitch, slicePitch)
	if err != nil {
		return nil, err
	}
	if uint64(len(dst)) < need {
		return nil, errorf(ErrInvalidValue, "%s: destination of %d bytes, the region needs %d", op, len(dst), need)
	}
	iq, err := q.imageQueue(op)
	if err != nil {
		return nil, err
	}
	return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
		di, err := img.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		return readInto(iq, di, origin, region, img.elem, ys, zs, dst, dw)
	})
}

// EnqueueWriteImage writes a region of img from src, laid out with row
// and slice pitches in bytes (0: tightly packed). src is copied when it
// is not tightly packed; otherwise it must not change until the event
// completes.
func (q *Queue) EnqueueWriteImage(img *Image, origin, region [3]uint64, rowPitch, slicePitch uint64, src []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueWriteImage"
	if err := img.useOn(q, op); err != nil {
		return nil, err
	}
	if err := img.hostWritable(op); err != nil {
		return nil, err
	}
	return q.writeImage(op, CommandWriteImage, img, origin, region, rowPitch, slicePitch, src, wait)
}

func (q *Queue) writeImage(op string, typ CommandType, img *Image, origin, region [3]uint64, rowPitch, slicePitch uint64, src []byte, wait []*Event) (*Event, error) {
	if err := img.checkRegion(op, "", origin, region); err != nil {
		return nil, err
	}
	ys, zs, need, err := img.hostLayout(op, region, rowPitch, slicePitch)
	if err != nil {
		return nil, err
	}
	if uint64(len(src)) < need {
		return nil, errorf(ErrInvalidValue, "%s: source of %d bytes, the region needs %d", op, len(src), need)
	}
	iq, err := q.imageQueue(op)
	if err != nil {
		return nil, err
	}
	data := packed(src, region, img.elem, ys, zs)
	return q.enqueue(typ, wait, func(dw []driver.Event) (driver.Event, error) {
		di, err := img.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		return iq.WriteImage(di, origin, region, data, dw)
	})
}

// EnqueueCopyImage copies a region from src at srcOrigin to dst at
// dstOrigin. The images must have one format (ErrImageFormatMismatch);
// overlapping regions of one image give ErrMemCopyOverlap.
func (q *Queue) EnqueueCopyImage(src, dst *Image, srcOrigin, dstOrigin, region [3]uint64, wait ...*Event) (*Event, error) {
	const op = "clEnqueueCopyImage"
	if err := src.useOn(q, op); err != nil {
		return nil, err
	}
	if err := dst.useOn(q, op); err != nil {
		return nil, err
	}
	if src.format != dst.format {
		return nil, errorf(ErrImageFormatMismatch, "%s: formats (%#x, %#x) and (%#x, %#x)", op, src.format.Order, src.format.DataType, dst.format.Order, dst.format.DataType)
	}
	if err := src.checkRegion(op, "source", srcOrigin, region); err != nil {
		return nil, err
	}
	if err := dst.checkRegion(op, "destination", dstOrigin, region); err != nil {
		return nil, err
	}
	if src.mem == dst.mem {
		overlap := true
		for i := range 3 {
			if srcOrigin[i]+region[i] <= dstOrigin[i] || dstOrigin[i]+region[i] <= srcOrigin[i] {
				overlap = false
			}
		}
		if overlap {
			return nil, errorf(ErrMemCopyOverlap, "%s: regions at %v and %v of %v overlap", op, srcOrigin, dstOrigin, region)
		}
	}
	iq, err := q.imageQueue(op)
	if err != nil {
		return nil, err
	}
	return q.enqueue(CommandCopyImage, wait, func(dw []driver.Event) (driver.Event, error) {
		si, err := src.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		di, err := dst.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		return iq.CopyImage(si, di, srcOrigin, dstOrigin, region, dw)
	})
}

// EnqueueFillImage fills a region of img with color: a [4]float32 for
// normalized, half and float formats, a [4]int32 for signed integer
// formats and a [4]uint32 for unsigned ones (ErrInvalidValue otherwise).
func (q *Queue) EnqueueFillImage(img *Image, color any, origin, region [3]uint64, wait ...*Event) (*Event, error) {
	const op = "clEnqueueFillImage"
	if err := img.check(op); err != nil {
		return nil, err
	}
	var bits [4]uint32
	var kind ColorKind
	switch c := color.(type) {
	case [4]float32:
		for i, v := range c {
			bits[i] = math.Float32bits(v)
		}
		kind = ColorFloat
	case [4]int32:
		for i, v := range c {
			bits[i] = uint32(v)
		}
		kind = ColorInt
	case [4]uint32:
		bits, kind = c, ColorUint
	default:
		return nil, errorf(ErrInvalidValue, "%s: color %T (want [4]float32, [4]int32 or [4]uint32)", op, color)
	}
	if k := FormatKind(img.format); k != kind {
		return nil, errorf(ErrInvalidValue, "%s: a %s color for an image of %s channels", op, kind, k)
	}
	return q.EnqueueFillImageBits(img, bits, origin, region, wait...)
}

// EnqueueFillImageBits is EnqueueFillImage with the color as the C API
// passes it: four 32-bit patterns read as float, int or uint by the
// image's format.
func (q *Queue) EnqueueFillImageBits(img *Image, color [4]uint32, origin, region [3]uint64, wait ...*Event) (*Event, error) {
	const op = "clEnqueueFillImage"
	if err := img.useOn(q, op); err != nil {
		return nil, err
	}
	if err := img.checkRegion(op, "", origin, region); err != nil {
		return nil, err
	}
	iq, err := q.imageQueue(op)
	if err != nil {
		return nil, err
	}
	return q.enqueue(CommandFillImage, wait, func(dw []driver.Event) (driver.Event, error) {
		di, err := img.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		return iq.FillImage(di, color, origin, region, dw)
	})
}

// regionBytes is the size of a region's pixels, tightly packed.
func (img *Image) regionBytes(op string, region [3]uint64) (uint64, error) {
	n, ok1 := mulOK(region[0], region[1])
	n, ok2 := mulOK(n, region[2])
	n, ok3 := mulOK(n, img.elem)
	if !ok1 || !ok2 || !ok3 {
		return 0, errorf(ErrInvalidValue, "%s: region %v overflows", op, region)
	}
	return n, nil
}

// EnqueueCopyImageToBuffer copies a region of src into dst at dstOffset,
// tightly packed.
func (q *Queue) EnqueueCopyImageToBuffer(src *Image, dst *Buffer, srcOrigin, region [3]uint64, dstOffset uint64, wait ...*Event) (*Event, error) {
	const op = "clEnqueueCopyImageToBuffer"
	if err := src.useOn(q, op); err != nil {
		return nil, err
	}
	if err := dst.useOn(q, op); err != nil {
		return nil, err
	}
	if err := src.checkRegion(op, "source", srcOrigin, region); err != nil {
		return nil, err
	}
	n, err := src.regionBytes(op, region)
	if err != nil {
		return nil, err
	}
	if err := dst.inRange(op, dstOffset, n); err != nil {
		return nil, err
	}
	iq, err := q.imageQueue(op)
	if err != nil {
		return nil, err
	}
	return q.enqueue(CommandCopyImageToBuffer, wait, func(dw []driver.Event) (driver.Event, error) {
		si, err := src.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		db, err := dst.on(q, dstOffset, n)
		if err != nil {
			return nil, err
		}
		return iq.CopyImageToBuffer(si, db, srcOrigin, region, dst.origin+dstOffset, dw)
	})
}

// EnqueueCopyBufferToImage copies tightly packed pixels of src at srcOffset
// into a region of dst.
func (q *Queue) EnqueueCopyBufferToImage(src *Buffer, dst *Image, srcOffset uint64, dstOrigin, region [3]uint64, wait ...*Event) (*Event, error) {
	const op = "clEnqueueCopyBufferToImage"
	if err := src.useOn(q, op); err != nil {
		return nil, err
	}
	if err := dst.useOn(q, op); err != nil {
		return nil, err
	}
	if err := dst.checkRegion(op, "destination", dstOrigin, region); err != nil {
		return nil, err
	}
	n, err := dst.regionBytes(op, region)
	if err != nil {
		return nil, err
	}
	if err := src.inRange(op, srcOffset, n); err != nil {
		return nil, err
	}
	iq, err := q.imageQueue(op)
	if err != nil {
		return nil, err
	}
	return q.enqueue(CommandCopyBufferToImage, wait, func(dw []driver.Event) (driver.Event, error) {
		sb, err := src.on(q, srcOffset, n)
		if err != nil {
			return nil, err
		}
		di, err := dst.mem.on(q.dev)
		if err != nil {
			return nil, err
		}
		return iq.CopyBufferToImage(sb, di, src.origin+srcOffset, dstOrigin, region, dw)
	})
}

// EnqueueMigrateImages moves images to q's device ahead of the commands
// that use them there, as EnqueueMigrateMemObjects does buffers (the C
// API's clEnqueueMigrateMemObjects takes both).
func (q *Queue) EnqueueMigrateImages(imgs []*Image, flags MigrationFlags, wait ...*Event) (*Event, error) {
	const op = "clEnqueueMigrateMemObjects"
	if len(imgs) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: no memory objects", op)
	}
	if flags&^(MigrateMemObjectHost|MigrateMemObjectContentUndefined) != 0 {
		return nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	for _, img := range imgs {
		if err := img.useOn(q, op); err != nil {
			return nil, err
		}
	}
	ms := append([]*Image(nil), imgs...)
	return q.enqueue(CommandMigrateMemObjects, wait, func(dw []driver.Event) (driver.Event, error) {
		if flags&MigrateMemObjectHost == 0 {
			for _, img := range ms {
				var err error
				if flags&MigrateMemObjectContentUndefined != 0 {
					err = img.mem.claim(q.dev)
				} else {
					_, err = img.mem.on(q.dev)
				}
				if err != nil {
					return nil, err
				}
			}
		}
		return q.dq.Marker(dw)
	})
}
