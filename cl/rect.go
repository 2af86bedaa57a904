package cl

import (
	"math/bits"

	"github.com/clgo/clgo/driver"
)

// Rect is the region of the *Rect commands: a box of Region[0] bytes by
// Region[1] rows by Region[2] slices, at SrcOrigin in the source and
// DstOrigin in the destination (origins are (byte, row, slice)). Zero pitches
// mean tightly packed. For reads the source is the buffer and the
// destination host memory; for writes the other way round.
type Rect struct {
	SrcOrigin, DstOrigin, Region [3]uint64
	SrcRowPitch, SrcSlicePitch   uint64
	DstRowPitch, DstSlicePitch   uint64
}

type span struct{ src, dst, n uint64 }

func pitches(op, side string, region [3]uint64, row, slice uint64) (uint64, uint64, error) {
	if row == 0 {
		row = region[0]
	}
	plane, ok := mulOK(row, region[1])
	if slice == 0 {
		slice = plane
	}
	if !ok || row < region[0] || slice < plane || slice%row != 0 {
		return 0, 0, errorf(ErrInvalidValue, "%s: %s pitches row %d slice %d for region %v", op, side, row, slice, region)
	}
	return row, slice, nil
}

// mulOK and addOK are a*b and a+b, false when they overflow 64 bits:
// origins, regions and pitches come from the caller unchecked.
func mulOK(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0
}

func addOK(a, b uint64) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	return s, carry == 0
}

// boxEnd is one past the last byte of a box of region at origin o with the
// given pitches: (o[2]+region[2]-1)*slice + (o[1]+region[1]-1)*row +
// o[0]+region[0]; false when that overflows. region has no zero.
func boxEnd(o, region [3]uint64, row, slice uint64) (uint64, bool) {
	z, ok1 := addOK(o[2], region[2]-1)
	y, ok2 := addOK(o[1], region[1]-1)
	x, ok3 := addOK(o[0], region[0])
	zs, ok4 := mulOK(z, slice)
	yr, ok5 := mulOK(y, row)
	s, ok6 := addOK(zs, yr)
	end, ok7 := addOK(s, x)
	return end, ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7
}

// Extents validates r's region and pitches and returns how many bytes the
// source and the destination must have to hold the box (its last byte
// plus one). The C API uses it to size host memory before viewing it.
func (r *Rect) Extents(op string) (src, dst uint64, err error) {
	for _, n := range r.Region {
		if n == 0 {
			return 0, 0, errorf(ErrInvalidValue, "%s: region %v", op, r.Region)
		}
	}
	sr, ss, err := pitches(op, "source", r.Region, r.SrcRowPitch, r.SrcSlicePitch)
	if err != nil {
		return 0, 0, err
	}
	dr, ds, err := pitches(op, "destination", r.Region, r.DstRowPitch, r.DstSlicePitch)
	if err != nil {
		return 0, 0, err
	}
	src, ok := boxEnd(r.SrcOrigin, r.Region, sr, ss)
	if !ok {
		return 0, 0, errorf(ErrInvalidValue, "%s: source origin %v, region %v and pitches %d, %d overflow 64 bits", op, r.SrcOrigin, r.Region, sr, ss)
	}
	dst, ok = boxEnd(r.DstOrigin, r.Region, dr, ds)
	if !ok {
		return 0, 0, errorf(ErrInvalidValue, "%s: destination origin %v, region %v and pitches %d, %d overflow 64 bits", op, r.DstOrigin, r.Region, dr, ds)
	}
	return src, dst, nil
}

// spans validates r against the source and destination sizes and returns
// the contiguous byte runs to copy, merged where both sides are contiguous.
func (r *Rect) spans(op string, srcSize, dstSize uint64) ([]span, error) {
	srcEnd, dstEnd, err := r.Extents(op)
	if err != nil {
		return nil, err
	}
	if srcEnd > srcSize {
		return nil, errorf(ErrInvalidValue, "%s: source region ends past its %d bytes", op, srcSize)
	}
	if dstEnd > dstSize {
		return nil, errorf(ErrInvalidValue, "%s: destination region ends past its %d bytes", op, dstSize)
	}
	sr, ss, _ := pitches(op, "source", r.Region, r.SrcRowPitch, r.SrcSlicePitch)
	dr, ds, _ := pitches(op, "destination", r.Region, r.DstRowPitch, r.DstSlicePitch)
	var out []span
	for z := range r.Region[2] {
		for y := range r.Region[1] {
			s := (r.SrcOrigin[2]+z)*ss + (r.SrcOrigin[1]+y)*sr + r.SrcOrigin[0]
			d := (r.DstOrigin[2]+z)*ds + (r.DstOrigin[1]+y)*dr + r.DstOrigin[0]
			if k := len(out) - 1; k >= 0 && out[k].src+out[k].n == s && out[k].dst+out[k].n == d {
				out[k].n += r.Region[0]
				continue
			}
			out = append(out, span{s, d, r.Region[0]})
		}
	}
	return out, nil
}

// EnqueueReadBufferRect reads a box of b into dst.
func (q *Queue) EnqueueReadBufferRect(b *Buffer, r Rect, dst []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueReadBufferRect"
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	if b.flags&(MemHostWriteOnly|MemHostNoAccess) != 0 {
		return nil, errorf(ErrInvalidOperation, "%s: buffer made with host write-only or no-access", op)
	}
	spans, err := r.spans(op, b.size, uint64(len(dst)))
	if err != nil {
		return nil, err
	}
	return q.enqueue(CommandReadBufferRect, wait, func(dw []driver.Event) (driver.Event, error) {
		db, err := b.on(q, 0, b.size)
		if err != nil {
			return nil, err
		}
		var evs []driver.Event
		for _, s := range spans {
			ev, err := q.dq.ReadBuffer(db, b.origin+s.src, dst[s.dst:s.dst+s.n], dw)
			if err != nil {
				return nil, err
			}
			evs = append(evs, ev)
		}
		return join(evs), nil
	})
}

// EnqueueWriteBufferRect writes a box of src into b.
func (q *Queue) EnqueueWriteBufferRect(b *Buffer, r Rect, src []byte, wait ...*Event) (*Event, error) {
	const op = "clEnqueueWriteBufferRect"
	if err := b.useOn(q, op); err != nil {
		return nil, err
	}
	if b.flags&(MemHostReadOnly|MemHostNoAccess) != 0 {
		return nil, errorf(ErrInvalidOperation, "%s: buffer made with host read-only or no-access", op)
	}
	spans, err := r.spans(op, uint64(len(src)), b.size)
	if err != nil {
		return nil, err
	}
	return q.enqueue(CommandWriteBufferRect, wait, func(dw []driver.Event) (driver.Event, error) {
		db, err := b.on(q, 0, b.size)
		if err != nil {
			return nil, err
		}
		var evs []driver.Event
		for _, s := range spans {
			ev, err := q.dq.WriteBuffer(db, b.origin+s.dst, src[s.src:s.src+s.n], dw)
			if err != nil {
				return nil, err
			}
			evs = append(evs, ev)
		}
		return join(evs), nil
	})
}

// spansOverlap reports whether a byte is both in a source span (at srcBase)
// and in a destination span (at dstBase). The spans of a box come in
// ascending, disjoint order on each side (pitches are at least the rows and
// slices they hold), so one merge-like sweep decides it.
func spansOverlap(spans []span, srcBase, dstBase uint64) bool {
	i, j := 0, 0
	for i < len(spans) && j < len(spans) {
		s, d := srcBase+spans[i].src, dstBase+spans[j].dst
		switch {
		case s+spans[i].n <= d:
			i++
		case d+spans[j].n <= s:
			j++
		default:
			return true
		}
	}
	return false
}

// EnqueueCopyBufferRect copies a box from src to dst. For one memory, a
// byte that is in both boxes gives ErrMemCopyOverlap.
func (q *Queue) EnqueueCopyBufferRect(src, dst *Buffer, r Rect, wait ...*Event) (*Event, error) {
	const op = "clEnqueueCopyBufferRect"
	if err := src.useOn(q, op); err != nil {
		return nil, err
	}
	if err := dst.useOn(q, op); err != nil {
		return nil, err
	}
	spans, err := r.spans(op, src.size, dst.size)
	if err != nil {
		return nil, err
	}
	if src.root == dst.root && spansOverlap(spans, src.origin, dst.origin) {
		return nil, errorf(ErrMemCopyOverlap, "%s: source and destination overlap", op)
	}
	return q.enqueue(CommandCopyBufferRect, wait, func(dw []driver.Event) (driver.Event, error) {
		sb, err := src.on(q, 0, src.size)
		if err != nil {
			return nil, err
		}
		db, err := dst.on(q, 0, dst.size)
		if err != nil {
			return nil, err
		}
		var evs []driver.Event
		for _, s := range spans {
			ev, err := q.dq.CopyBuffer(sb, src.origin+s.src, db, dst.origin+s.dst, s.n, dw)
			if err != nil {
				return nil, err
			}
			evs = append(evs, ev)
		}
		return join(evs), nil
	})
}
