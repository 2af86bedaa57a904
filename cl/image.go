package cl

import (
	"runtime"
	"slices"
	"sync"

	"github.com/clgo/clgo/driver"
)

// MemKernelReadAndWrite is CL_MEM_KERNEL_READ_AND_WRITE: a
// clGetSupportedImageFormats flag asking for formats that read_write image
// arguments support.
const MemKernelReadAndWrite MemFlags = 1 << 12

// ImageDesc is cl_image_desc: the type and dimensions of an image. Sizes
// a type does not use are 0 (or 1). RowPitch and SlicePitch describe the
// host memory given to CreateImage (0: tightly packed) and must be 0
// without it. Buffer is the buffer a MemObjectImage1DBuffer image views.
type ImageDesc struct {
	Type                            ImageType
	Width, Height, Depth, ArraySize uint64
	RowPitch, SlicePitch            uint64
	Buffer                          *Buffer
}

// Image is an image memory object.
//
// Its pixels live on the devices as driver images; in a context of several
// devices the device that used it last holds its contents, and a command
// on another device first copies them over (through the host), as buffers
// do (rootMem). A MemObjectImage1DBuffer image views its buffer's memory,
// which moves as the buffer does.
type Image struct {
	refs
	ctx    *Context
	flags  MemFlags
	format ImageFormat
	desc   ImageDesc // as given, Buffer retained for 1D buffer images
	elem   uint64
	ext    [3]uint64 // pixels in x, y, z (layers in y or z for arrays)
	// The application's memory of a MemUseHostPtr image, and its pitches.
	host               []byte
	hostRow, hostSlice uint64
	mem                *imageMem

	mu   sync.Mutex
	maps map[*byte]imageMapping
}

type imageMapping struct {
	origin, region [3]uint64
	row, slice     uint64
	flags          MapFlags
	mem            []byte
}

// ImageSupport reports whether the device runs image and sampler
// arguments (CL_DEVICE_IMAGE_SUPPORT): its driver implements
// driver.ImageDevice and says Caps.Images.
func (d *Device) ImageSupport() bool { return d.info.ImageSupport }

func (d *Device) imageDevice() driver.ImageDevice {
	if !d.info.ImageSupport {
		return nil
	}
	return d.dev.(driver.ImageDevice)
}

// usageOf maps clGetSupportedImageFormats' flags to a driver usage.
func usageOf(flags MemFlags) driver.ImageUsage {
	var u driver.ImageUsage
	switch {
	case flags&MemKernelReadAndWrite != 0:
		u = driver.ImageReadWrite | driver.ImageRead | driver.ImageWrite
	case flags&MemReadOnly != 0:
		u = driver.ImageRead
	case flags&MemWriteOnly != 0:
		u = driver.ImageWrite
	default:
		u = driver.ImageRead | driver.ImageWrite
	}
	return u
}

// ImageFormats lists the formats d supports for images of type t used as
// flags say (CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE,
// MemKernelReadAndWrite); nil without image support.
func (d *Device) ImageFormats(t ImageType, flags MemFlags) []ImageFormat {
	id := d.imageDevice()
	if id == nil {
		return nil
	}
	return id.ImageFormats(t, usageOf(flags))
}

// ImageLimits are the device's image limits (the CL_DEVICE_IMAGE* queries);
// zeros without image support.
func (d *Device) ImageLimits() driver.ImageLimits { return d.info.Images }

func validImageType(t ImageType) bool {
	switch t {
	case driver.Image1D, driver.Image1DArray, driver.Image1DBuffer, driver.Image2D, driver.Image2DArray, driver.Image3D:
		return true
	}
	return false
}

// SupportedImageFormats is clGetSupportedImageFormats: the union of the
// formats every image-capable device of the context supports for images
// of type t used as flags say.
func (c *Context) SupportedImageFormats(flags MemFlags, t ImageType) ([]ImageFormat, error) {
	const op = "clGetSupportedImageFormats"
	if err := c.check(op); err != nil {
		return nil, err
	}
	if !validFlags(flags &^ MemKernelReadAndWrite) {
		return nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	if !validImageType(t) {
		return nil, errorf(ErrInvalidValue, "%s: image type %#x", op, uint32(t))
	}
	var out []ImageFormat
	for _, d := range c.devices {
		for _, f := range d.ImageFormats(t, flags) {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// imageDevices are the context's devices with image support.
func (c *Context) imageDevices() []*Device {
	var out []*Device
	for _, d := range c.devices {
		if d.info.ImageSupport {
			out = append(out, d)
		}
	}
	return out
}

// fits reports whether an image of desc is within l.
func fits(t ImageType, ext [3]uint64, l driver.ImageLimits) bool {
	switch t {
	case driver.Image1D:
		return ext[0] <= l.MaxWidth2D
	case driver.Image1DBuffer:
		return ext[0] <= l.MaxBufferSize
	case driver.Image1DArray:
		return ext[0] <= l.MaxWidth2D && ext[1] <= l.MaxArraySize
	case driver.Image2D:
		return ext[0] <= l.MaxWidth2D && ext[1] <= l.MaxHeight2D
	case driver.Image2DArray:
		return ext[0] <= l.MaxWidth2D && ext[1] <= l.MaxHeight2D && ext[2] <= l.MaxArraySize
	case driver.Image3D:
		return ext[0] <= l.MaxWidth3D && ext[1] <= l.MaxHeight3D && ext[2] <= l.MaxDepth3D
	}
	return false
}

// CreateImage makes an image (clCreateImage). With MemCopyHostPtr or
// MemUseHostPtr, host holds the initial pixels laid out with
// desc.RowPitch and desc.SlicePitch (0: tightly packed); with
// MemUseHostPtr, mapping the image returns parts of host (the pixels are
// copied, not shared, while kernels run).
func (c *Context) CreateImage(flags MemFlags, format ImageFormat, desc ImageDesc, host []byte) (*Image, error) {
	const op = "clCreateImage"
	if err := c.check(op); err != nil {
		return nil, err
	}
	devs := c.imageDevices()
	if len(devs) == 0 {
		return nil, errorf(ErrInvalidOperation, "%s: no device of the context supports images", op)
	}
	if !validFlags(flags) {
		return nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	if err := checkFormat(format); err != nil {
		return nil, errorf(ErrInvalidImageFormatDescriptor, "%s: %v", op, err)
	}
	elem := ElementSize(format)
	dd := driver.ImageDesc{Type: desc.Type, Format: format, Width: desc.Width, Height: 1, Depth: 1, ArraySize: 1}
	bad := func(what string, args ...any) error {
		return errorf(ErrInvalidImageDescriptor, "%s: "+what, append([]any{op}, args...)...)
	}
	switch desc.Type {
	case driver.Image1D, driver.Image1DBuffer:
	case driver.Image1DArray:
		dd.ArraySize = desc.ArraySize
	case driver.Image2D:
		dd.Height = desc.Height
	case driver.Image2DArray:
		dd.Height, dd.ArraySize = desc.Height, desc.ArraySize
	case driver.Image3D:
		dd.Height, dd.Depth = desc.Height, desc.Depth
	default:
		return nil, bad("image type %#x", uint32(desc.Type))
	}
	ext := dd.Extent()
	if ext[0] == 0 || ext[1] == 0 || ext[2] == 0 {
		return nil, bad("an %s of %d x %d x %d (array size %d)", imageTypeName(desc.Type), desc.Width, desc.Height, desc.Depth, desc.ArraySize)
	}
	if (desc.Buffer != nil) != (desc.Type == driver.Image1DBuffer) {
		return nil, bad("a buffer is given for 1D buffer images, and only for them")
	}
	ok := false
	for _, d := range devs {
		ok = ok || fits(desc.Type, ext, d.info.Images)
	}
	if !ok {
		return nil, errorf(ErrInvalidImageSize, "%s: %d x %d x %d pixels exceed every device's image limits", op, ext[0], ext[1], ext[2])
	}
	size, okSize := mulOK(ext[0], ext[1])
	size, ok2 := mulOK(size, ext[2])
	size, ok3 := mulOK(size, elem)
	if !okSize || !ok2 || !ok3 {
		return nil, errorf(ErrInvalidImageSize, "%s: %d x %d x %d pixels overflow", op, ext[0], ext[1], ext[2])
	}

	img := &Image{ctx: c, format: format, desc: desc, elem: elem, ext: ext}
	if desc.Type == driver.Image1DBuffer {
		b := desc.Buffer
		if err := b.check(op); err != nil {
			return nil, err
		}
		if b.ctx != c {
			return nil, errorf(ErrInvalidContext, "%s: buffer of another context", op)
		}
		switch {
		case flags&memHostPtr != 0:
			return nil, errorf(ErrInvalidValue, "%s: host pointer flags %#x for a 1D buffer image (it inherits its buffer's)", op, uint64(flags&memHostPtr))
		case host != nil:
			return nil, errorf(ErrInvalidHostPtr, "%s: host memory for a 1D buffer image", op)
		case desc.SlicePitch != 0 || desc.RowPitch != 0 && (desc.RowPitch < ext[0]*elem || desc.RowPitch%elem != 0):
			// A row pitch that covers the one row is accepted and
			// ignored: it describes the buffer's data as a 2D image
			// from a buffer's does, and the CTS passes one
			// (test_kernel_image_methods 1Dbuffer).
			return nil, bad("pitches %d and %d for a 1D buffer image of %d %d-byte pixels", desc.RowPitch, desc.SlicePitch, ext[0], elem)
		}
		// Access flags are inherited unless given, and may not widen the
		// buffer's (as for sub-buffers).
		if flags&memAccess == 0 {
			flags |= b.flags & memAccess
		} else if (b.flags&MemWriteOnly != 0 && flags&(MemReadWrite|MemReadOnly) != 0) ||
			(b.flags&MemReadOnly != 0 && flags&(MemReadWrite|MemWriteOnly) != 0) {
			return nil, errorf(ErrInvalidValue, "%s: flags %#x widen the buffer's %#x", op, uint64(flags), uint64(b.flags))
		}
		if flags&memHostAccess == 0 {
			flags |= b.flags & memHostAccess
		} else if (b.flags&MemHostWriteOnly != 0 && flags&MemHostReadOnly != 0) ||
			(b.flags&MemHostReadOnly != 0 && flags&MemHostWriteOnly != 0) ||
			(b.flags&MemHostNoAccess != 0 && flags&(MemHostReadOnly|MemHostWriteOnly) != 0) {
			return nil, errorf(ErrInvalidValue, "%s: host flags %#x widen the buffer's %#x", op, uint64(flags), uint64(b.flags))
		}
		flags |= b.flags & memHostPtr
		if size > b.size {
			return nil, errorf(ErrInvalidImageSize, "%s: %d pixels of %d bytes need more than the buffer's %d bytes", op, ext[0], elem, b.size)
		}
	} else if flags&memAccess == 0 {
		flags |= MemReadWrite
	}
	img.flags = flags
	if !c.formatSupported(desc.Type, flags, format) {
		return nil, errorf(ErrImageFormatNotSupported, "%s: format (%#x, %#x) for an %s with flags %#x", op, format.Order, format.DataType, imageTypeName(desc.Type), uint64(flags))
	}

	// Host memory and its pitches.
	wantHost := desc.Type != driver.Image1DBuffer && flags&(MemUseHostPtr|MemCopyHostPtr) != 0
	if desc.Type != driver.Image1DBuffer && wantHost != (host != nil) {
		return nil, errorf(ErrInvalidHostPtr, "%s: host memory of %d bytes with flags %#x", op, len(host), uint64(flags))
	}
	if !wantHost && desc.Type != driver.Image1DBuffer && (desc.RowPitch != 0 || desc.SlicePitch != 0) {
		return nil, bad("pitches %d and %d without host memory", desc.RowPitch, desc.SlicePitch)
	}
	var initial []byte
	if wantHost {
		row, slice, need, err := hostPitches(op, desc, ext, elem)
		if err != nil {
			return nil, err
		}
		if uint64(len(host)) < need {
			return nil, errorf(ErrInvalidHostPtr, "%s: host memory of %d bytes, the image needs %d", op, len(host), need)
		}
		img.hostRow, img.hostSlice = row, slice
		initial = make([]byte, size)
		packImage(initial, host, desc.Type, ext, elem, row, slice)
		if flags&MemUseHostPtr != 0 {
			img.host = host[:need:need]
		}
	}
	img.mem = &imageMem{ctx: c, desc: dd, size: size, initial: initial}
	if desc.Type == driver.Image1DBuffer {
		if err := desc.Buffer.Retain(); err != nil {
			return nil, err
		}
		img.mem.buf = desc.Buffer
	}
	if len(c.devices) == 1 {
		if _, err := img.mem.on(c.devices[0]); err != nil {
			img.mem.release()
			return nil, wrap(err, ErrMemObjectAllocationFailure, "%s(%v, %d x %d x %d)", op, desc.Type, ext[0], ext[1], ext[2])
		}
	}
	img.init()
	img.cleanup = runtime.AddCleanup(img, func(m *imageMem) { m.release() }, img.mem)
	return img, nil
}

// formatSupported reports whether some image device of c supports f for
// images of type t used as flags say.
func (c *Context) formatSupported(t ImageType, flags MemFlags, f ImageFormat) bool {
	for _, d := range c.devices {
		if slices.Contains(d.ImageFormats(t, flags&(memAccess|MemKernelReadAndWrite)), f) {
			return true
		}
	}
	return false
}

// hostPitches checks an image's host pitches (table 5.3.1.2's rules) and
// returns them, computed where 0, with the bytes the host memory must have.
func hostPitches(op string, d ImageDesc, ext [3]uint64, elem uint64) (row, slice, need uint64, err error) {
	tight, ok := mulOK(ext[0], elem)
	if !ok {
		return 0, 0, 0, errorf(ErrInvalidImageSize, "%s: width %d overflows", op, ext[0])
	}
	row = d.RowPitch
	if row == 0 {
		row = tight
	}
	if row < tight || row%elem != 0 {
		return 0, 0, 0, errorf(ErrInvalidImageDescriptor, "%s: row pitch %d for rows of %d bytes (elements of %d)", op, d.RowPitch, tight, elem)
	}
	switch d.Type {
	case driver.Image1D, driver.Image1DBuffer:
		if d.SlicePitch != 0 {
			return 0, 0, 0, errorf(ErrInvalidImageDescriptor, "%s: slice pitch %d for a 1D image", op, d.SlicePitch)
		}
		return row, 0, row, nil
	case driver.Image2D:
		if d.SlicePitch != 0 {
			return 0, 0, 0, errorf(ErrInvalidImageDescriptor, "%s: slice pitch %d for a 2D image", op, d.SlicePitch)
		}
		need, ok := mulOK(row, ext[1])
		if !ok {
			return 0, 0, 0, errorf(ErrInvalidImageSize, "%s: row pitch %d x %d rows overflows", op, row, ext[1])
		}
		return row, 0, need, nil
	}
	// 1D arrays: a slice is one row (ext[1] counts layers); 2D arrays and
	// 3D images: a slice is ext[1] rows.
	minSlice, n := row, ext[1]
	if d.Type != driver.Image1DArray {
		minSlice, ok = mulOK(row, ext[1])
		n = ext[2]
		if !ok {
			return 0, 0, 0, errorf(ErrInvalidImageSize, "%s: row pitch %d x %d rows overflows", op, row, ext[1])
		}
	}
	slice = d.SlicePitch
	if slice == 0 {
		slice = minSlice
	}
	if slice < minSlice || slice%row != 0 {
		return 0, 0, 0, errorf(ErrInvalidImageDescriptor, "%s: slice pitch %d for slices of %d bytes and rows of %d", op, d.SlicePitch, minSlice, row)
	}
	need, ok = mulOK(slice, n)
	if !ok {
		return 0, 0, 0, errorf(ErrInvalidImageSize, "%s: slice pitch %d x %d overflows", op, slice, n)
	}
	return row, slice, need, nil
}

// hostStrides are the byte strides, in host memory laid out with row and
// slice pitches, of a step in y and in z of driver.ImageQueue's
// coordinates: a 1D array's layers (y) are slices apart.
func hostStrides(t ImageType, row, slice uint64) (ys, zs uint64) {
	if t == driver.Image1DArray {
		return slice, 0
	}
	return row, slice
}

// packImage copies the pixels of a region of ext pixels from host memory
// laid out with the given pitches into dst, tightly packed.
func packImage(dst, src []byte, t ImageType, ext [3]uint64, elem, row, slice uint64) {
	ys, zs := hostStrides(t, row, slice)
	n := ext[0] * elem
	o := uint64(0)
	for z := range ext[2] {
		for y := range ext[1] {
			s := z*zs + y*ys
			copy(dst[o:o+n], src[s:s+n])
			o += n
		}
	}
}

// Type is the image's type (CL_MEM_TYPE).
func (img *Image) Type() ImageType { return img.desc.Type }

// Format is the image's format (CL_IMAGE_FORMAT).
func (img *Image) Format() ImageFormat { return img.format }

// Desc returns the image's description as given to CreateImage, with the
// pitches of its host memory (RowPitch/SlicePitch, see Pitches).
func (img *Image) Desc() ImageDesc { return img.desc }

// ElementSize is the size of a pixel in bytes (CL_IMAGE_ELEMENT_SIZE).
func (img *Image) ElementSize() uint64 { return img.elem }

// Flags are the image's flags (CL_MEM_FLAGS).
func (img *Image) Flags() MemFlags { return img.flags }

// Context returns the image's context.
func (img *Image) Context() *Context { return img.ctx }

// Size is the image's size in bytes (CL_MEM_SIZE): its pixels tightly
// packed.
func (img *Image) Size() uint64 { return img.mem.size }

// Extent is the image's size in pixels along x, y and z, layers included
// (y for 1D arrays, z for 2D arrays); unused dimensions are 1.
func (img *Image) Extent() [3]uint64 { return img.ext }

// Buffer is the buffer of a 1D buffer image, else nil.
func (img *Image) Buffer() *Buffer { return img.desc.Buffer }

// Pitches are CL_IMAGE_ROW_PITCH and CL_IMAGE_SLICE_PITCH: those of the
// host memory of a MemUseHostPtr image, the tightly packed ones otherwise
// (slice pitch 0 for 1D and 2D images).
func (img *Image) Pitches() (row, slice uint64) {
	if img.host != nil {
		return img.hostRow, img.hostSlice
	}
	row = img.ext[0] * img.elem
	switch img.desc.Type {
	case driver.Image1DArray:
		slice = row
	case driver.Image2DArray, driver.Image3D:
		slice = row * img.ext[1]
	}
	return row, slice
}

// Retain adds a reference.
func (img *Image) Retain() error { return img.retain(ErrInvalidMemObject, "clRetainMemObject") }

// Release drops a reference; the image is freed at the last one (commands
// still using it finish first).
func (img *Image) Release() error {
	last, err := img.release(ErrInvalidMemObject, "clReleaseMemObject")
	if last {
		img.mem.release()
	}
	return err
}

func (img *Image) check(op string) error {
	if img == nil || !img.alive() {
		return errorf(ErrInvalidMemObject, "%s: invalid image object", op)
	}
	return nil
}

// useOn checks that q may use img.
func (img *Image) useOn(q *Queue, op string) error {
	if err := img.check(op); err != nil {
		return err
	}
	if img.ctx != q.ctx {
		return errorf(ErrInvalidContext, "%s: image and queue of different contexts", op)
	}
	if !q.dev.info.ImageSupport {
		return errorf(ErrInvalidOperation, "%s: %s does not support images", op, q.dev)
	}
	return nil
}

// checkRegion validates an origin and region in pixels (x, y, z, with an
// array's layer in y or z as the OpenCL API has it).
func (img *Image) checkRegion(op, what string, origin, region [3]uint64) error {
	switch img.desc.Type {
	case driver.Image1D, driver.Image1DBuffer:
		if origin[1] != 0 || origin[2] != 0 || region[1] != 1 || region[2] != 1 {
			return errorf(ErrInvalidValue, "%s: %s origin %v region %v of a 1D image (y and z must be 0 and 1)", op, what, origin, region)
		}
	case driver.Image1DArray, driver.Image2D:
		if origin[2] != 0 || region[2] != 1 {
			return errorf(ErrInvalidValue, "%s: %s origin %v region %v of an %s (z must be 0 and 1)", op, what, origin, region, imageTypeName(img.desc.Type))
		}
	}
	for i := range 3 {
		end, ok := addOK(origin[i], region[i])
		if region[i] == 0 || !ok || end > img.ext[i] {
			return errorf(ErrInvalidValue, "%s: %s origin %v region %v of an image of %v pixels", op, what, origin, region, img.ext)
		}
	}
	return nil
}

// ImageHostBytes is the size the host memory given to CreateImage with
// format and desc must have (the table of clCreateImage), after the checks
// of the format and the pitches. The C API uses it to size the
// application's memory before viewing it.
func ImageHostBytes(format ImageFormat, desc ImageDesc) (uint64, error) {
	const op = "clCreateImage"
	if err := checkFormat(format); err != nil {
		return 0, errorf(ErrInvalidImageFormatDescriptor, "%s: %v", op, err)
	}
	if !validImageType(desc.Type) {
		return 0, errorf(ErrInvalidImageDescriptor, "%s: image type %#x", op, uint32(desc.Type))
	}
	dd := driver.ImageDesc{Type: desc.Type, Width: desc.Width, Height: desc.Height, Depth: desc.Depth, ArraySize: desc.ArraySize}
	ext := dd.Extent()
	if ext[0] == 0 || ext[1] == 0 || ext[2] == 0 {
		return 0, errorf(ErrInvalidImageDescriptor, "%s: an %s of %d x %d x %d (array size %d)", op, imageTypeName(desc.Type), desc.Width, desc.Height, desc.Depth, desc.ArraySize)
	}
	_, _, need, err := hostPitches(op, desc, ext, ElementSize(format))
	return need, err
}

// HostRegionBytes validates a region of img and the host pitches of a
// read or write of it, and returns the bytes the host memory must have.
func (img *Image) HostRegionBytes(op string, origin, region [3]uint64, rowPitch, slicePitch uint64) (uint64, error) {
	if err := img.check(op); err != nil {
		return 0, err
	}
	if err := img.checkRegion(op, "", origin, region); err != nil {
		return 0, err
	}
	_, _, need, err := img.hostLayout(op, region, rowPitch, slicePitch)
	return need, err
}
