package cl

import (
	"math/big"
	"testing"
)

// FuzzRectSpans checks the *Rect validation against exact arithmetic: a
// box is accepted only when its last byte, computed without overflow, lies
// inside both sides, and then every span it yields does. Origins, regions
// and pitches are the application's, unchecked (issue 14).
func FuzzRectSpans(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(4), uint64(2), uint64(1), uint64(0), uint64(0), uint64(1024), uint64(64))
	f.Add(uint64(1<<63), uint64(1<<63), uint64(0), uint64(4), uint64(4), uint64(1), uint64(0), uint64(0), uint64(1024), uint64(64))
	f.Add(uint64(0), uint64(0), uint64(0), uint64(4), uint64(2), uint64(2), uint64(1<<32), uint64(1<<63), uint64(1024), uint64(1024))
	f.Add(uint64(3), uint64(1), uint64(1), uint64(5), uint64(3), uint64(2), uint64(16), uint64(64), uint64(4096), uint64(4096))
	f.Fuzz(func(t *testing.T, ox, oy, oz, rx, ry, rz, row, slice, srcSize, dstSize uint64) {
		// Keep the boxes small enough to enumerate; the arithmetic is what
		// is under test, so origins and pitches stay unbounded.
		rx, ry, rz = rx%64, ry%16, rz%8
		srcSize, dstSize = srcSize%(1<<20), dstSize%(1<<20)
		r := Rect{SrcOrigin: [3]uint64{ox, oy, oz}, Region: [3]uint64{rx, ry, rz}, SrcRowPitch: row, SrcSlicePitch: slice}
		spans, err := r.spans("fuzz", srcSize, dstSize)

		valid := rx != 0 && ry != 0 && rz != 0
		var end *big.Int
		if valid {
			bRow := row
			if bRow == 0 {
				bRow = rx
			}
			plane := new(big.Int).Mul(big.NewInt(0).SetUint64(bRow), big.NewInt(0).SetUint64(ry))
			bSlice := new(big.Int).SetUint64(slice)
			if slice == 0 {
				bSlice = plane
			}
			valid = bRow >= rx && bSlice.Cmp(plane) >= 0 && new(big.Int).Mod(bSlice, big.NewInt(0).SetUint64(bRow)).Sign() == 0
			// end = (oz+rz-1)*slice + (oy+ry-1)*row + ox + rx
			z := new(big.Int).Add(new(big.Int).SetUint64(oz), new(big.Int).SetUint64(rz-1))
			y := new(big.Int).Add(new(big.Int).SetUint64(oy), new(big.Int).SetUint64(ry-1))
			end = new(big.Int).Mul(z, bSlice)
			end.Add(end, new(big.Int).Mul(y, new(big.Int).SetUint64(bRow)))
			end.Add(end, new(big.Int).SetUint64(ox))
			end.Add(end, new(big.Int).SetUint64(rx))
			valid = valid && end.Cmp(new(big.Int).SetUint64(srcSize)) <= 0 && rx*ry*rz <= dstSize
		}
		if (err == nil) != valid {
			t.Fatalf("%+v on %d -> %d bytes: error %v, exact arithmetic says valid=%v (end %v)", r, srcSize, dstSize, err, valid, end)
		}
		var n uint64
		for _, s := range spans {
			if s.src+s.n > srcSize || s.dst+s.n > dstSize || s.src+s.n < s.src {
				t.Fatalf("%+v: span %+v outside %d / %d bytes", r, s, srcSize, dstSize)
			}
			n += s.n
		}
		if err == nil && n != rx*ry*rz {
			t.Fatalf("%+v: spans cover %d bytes, want %d", r, n, rx*ry*rz)
		}
	})
}

// FuzzNDRange checks the NDRange validation against exact arithmetic for
// a 32-bit size_t device: an NDRange is refused exactly when a size, an
// offset plus size or the count of work-items does not fit, or the local
// size is not a valid work-group, with the spec's codes. Valid NDRanges of
// more than 4096 work-items are not enqueued (they would only take time).
func FuzzNDRange(f *testing.F) {
	f.Add(uint8(1), uint64(0), uint64(0), uint64(0), uint64(64), uint64(1), uint64(1), uint64(8), uint64(1), uint64(1), false)
	f.Add(uint8(1), uint64(1<<32-16), uint64(0), uint64(0), uint64(64), uint64(1), uint64(1), uint64(8), uint64(1), uint64(1), true)
	f.Add(uint8(3), uint64(0), uint64(0), uint64(0), uint64(65536), uint64(65536), uint64(65536), uint64(0), uint64(0), uint64(0), false)
	f.Add(uint8(2), uint64(0), uint64(0), uint64(0), uint64(8), uint64(8), uint64(1), uint64(1<<63), uint64(2), uint64(1), true)
	_, c, q, prog := fakeSetup(f)
	// axpy checks its own bounds (ids past the buffer fail its event).
	k, err := prog.CreateKernel("axpy")
	if err != nil {
		f.Fatal(err)
	}
	b, err := c.CreateBuffer(0, 1<<16, nil)
	if err != nil {
		f.Fatal(err)
	}
	if err := k.SetArgs(b, b, float32(1)); err != nil {
		f.Fatal(err)
	}
	maxItems := q.Device().Info().MaxWorkItemSizes
	maxWG := q.Device().Info().MaxWorkGroupSize
	f.Fuzz(func(t *testing.T, dims uint8, o0, o1, o2, g0, g1, g2, l0, l1, l2 uint64, withLocal bool) {
		d := int(dims%3) + 1
		off, glob, loc := []uint64{o0, o1, o2}[:d], []uint64{g0, g1, g2}[:d], []uint64{l0, l1, l2}[:d]
		if !withLocal {
			loc = nil
		}
		const maxSize = 1<<32 - 1
		want := ErrorCode(0)
		items := big.NewInt(1)
		for i := range d {
			items.Mul(items, new(big.Int).SetUint64(glob[i]))
		}
		for i := range d {
			switch {
			case want != 0:
			case glob[i] == 0 || glob[i] > maxSize:
				want = ErrInvalidGlobalWorkSize
			case new(big.Int).Add(new(big.Int).SetUint64(off[i]), new(big.Int).SetUint64(glob[i])).Cmp(big.NewInt(maxSize)) > 0:
				want = ErrInvalidGlobalOffset
			}
		}
		if want == 0 && items.Cmp(big.NewInt(maxSize+1)) > 0 {
			want = ErrInvalidGlobalWorkSize
		}
		if want == 0 && loc != nil {
			wg := big.NewInt(1)
			for i := range d {
				wg.Mul(wg, new(big.Int).SetUint64(loc[i]))
			}
			switch {
			case wg.Sign() == 0 || wg.Cmp(new(big.Int).SetUint64(maxWG)) > 0:
				want = ErrInvalidWorkGroupSize
			default:
				for i := range d {
					if loc[i] > maxItems[i] {
						want = ErrInvalidWorkItemSize
					}
				}
			}
		}
		if want == 0 && items.Cmp(big.NewInt(4096)) > 0 {
			return // valid, but long to run
		}
		_, err := q.EnqueueNDRangeKernel(k, off, glob, loc)
		if got := Code(err); want != 0 && got != want || want == 0 && err != nil && Code(err) != ErrInvalidWorkGroupSize {
			// A valid size may still be a non-uniform work-group the
			// kernel cannot run (CL_INVALID_WORK_GROUP_SIZE).
			t.Fatalf("offset %v global %v local %v: %v, want %v", off, glob, loc, err, want)
		}
	})
}
