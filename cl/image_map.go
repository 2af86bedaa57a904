package cl

import (
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// EnqueueMapImage maps a region of img for host access, through a host
// copy. It returns the mapped bytes with their row and slice pitches (the
// slice pitch is 0 for 1D and 2D images): for a MemUseHostPtr image a part
// of the host memory, laid out with its pitches; otherwise tightly packed
// memory. The bytes hold the image's once the event completes (unless
// MapWriteInvalidateRegion) and are written back at EnqueueUnmapImage when
// mapped for writing.
func (q *Queue) EnqueueMapImage(img *Image, flags MapFlags, origin, region [3]uint64, wait ...*Event) (mem []byte, rowPitch, slicePitch uint64, ev *Event, err error) {
	const op = "clEnqueueMapImage"
	if err := img.useOn(q, op); err != nil {
		return nil, 0, 0, nil, err
	}
	if flags&^(MapRead|MapWrite|MapWriteInvalidateRegion) != 0 ||
		(flags&MapWriteInvalidateRegion != 0 && flags&(MapRead|MapWrite) != 0) {
		return nil, 0, 0, nil, errorf(ErrInvalidValue, "%s: flags %#x", op, uint64(flags))
	}
	if (flags&MapRead != 0 && img.flags&(MemHostWriteOnly|MemHostNoAccess) != 0) ||
		(flags&(MapWrite|MapWriteInvalidateRegion) != 0 && img.flags&(MemHostReadOnly|MemHostNoAccess) != 0) {
		return nil, 0, 0, nil, errorf(ErrInvalidOperation, "%s: flags %#x against the image's host access", op, uint64(flags))
	}
	if err := img.checkRegion(op, "", origin, region); err != nil {
		return nil, 0, 0, nil, err
	}
	var ys, zs uint64
	if img.host != nil {
		rowPitch, slicePitch = img.hostRow, img.hostSlice
		ys, zs = hostStrides(img.desc.Type, rowPitch, slicePitch)
		start := origin[2]*zs + origin[1]*ys + origin[0]*img.elem
		end := start + (region[2]-1)*zs + (region[1]-1)*ys + region[0]*img.elem
		mem = img.host[start:end:end]
	} else {
		rowPitch = region[0] * img.elem
		switch img.desc.Type {
		case driver.Image1DArray:
			slicePitch = rowPitch
		case driver.Image2DArray, driver.Image3D:
			slicePitch = rowPitch * region[1]
		}
		ys, zs = hostStrides(img.desc.Type, rowPitch, slicePitch)
		n, err := img.regionBytes(op, region)
		if err != nil {
			return nil, 0, 0, nil, err
		}
		mem = make([]byte, n)
	}
	if flags&MapWriteInvalidateRegion == 0 {
		iq, err := q.imageQueue(op)
		if err != nil {
			return nil, 0, 0, nil, err
		}
		ev, err = q.enqueue(CommandMapImage, wait, func(dw []driver.Event) (driver.Event, error) {
			di, err := img.mem.on(q.dev)
			if err != nil {
				return nil, err
			}
			return readInto(iq, di, origin, region, img.elem, ys, zs, mem, dw)
		})
	} else {
		ev, err = q.enqueue(CommandMapImage, wait, func(dw []driver.Event) (driver.Event, error) {
			return q.dq.Marker(dw)
		})
	}
	if err != nil {
		return nil, 0, 0, nil, err
	}
	img.mu.Lock()
	if img.maps == nil {
		img.maps = map[*byte]imageMapping{}
	}
	img.maps[&mem[0]] = imageMapping{origin: origin, region: region, row: rowPitch, slice: slicePitch, flags: flags, mem: mem}
	img.mu.Unlock()
	return mem, rowPitch, slicePitch, ev, nil
}

// EnqueueUnmapImage ends a mapping made by EnqueueMapImage, writing the
// mapped pixels back when it was mapped for writing.
func (q *Queue) EnqueueUnmapImage(img *Image, mapped []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueUnmapMemObject"
	if err := img.useOn(q, op); err != nil {
		return nil, err
	}
	if len(mapped) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: empty mapping", op)
	}
	key := unsafe.SliceData(mapped)
	img.mu.Lock()
	m, ok := img.maps[key]
	if ok {
		delete(img.maps, key)
	}
	img.mu.Unlock()
	if !ok {
		return nil, errorf(ErrInvalidValue, "%s: not a mapping of this image", op)
	}
	if m.flags&(MapWrite|MapWriteInvalidateRegion) == 0 {
		return q.enqueue(CommandUnmapMemObject, wait, func(dw []driver.Event) (driver.Event, error) {
			return q.dq.Marker(dw)
		})
	}
	return q.writeImage(op, CommandUnmapMemObject, img, m.origin, m.region, m.row, m.slice, m.mem, wait)
}

// MapCount is the number of live mappings (CL_MEM_MAP_COUNT).
func (img *Image) MapCount() int {
	img.mu.Lock()
	defer img.mu.Unlock()
	return len(img.maps)
}
