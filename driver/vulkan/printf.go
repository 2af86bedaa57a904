package vulkan

import (
	"unsafe"

	"github.com/clgo/clgo/driver/printf"
	"github.com/clgo/clgo/spirv"
)

// printfBuffer is the program's printf buffer when kernel k may call
// printf, else nil.
func (k *kernel) printfBuffer() *Buffer {
	if k.p.printf == nil || k.refl.Flags&spirv.KernelMayUsePrintf == 0 {
		return nil
	}
	return k.p.printf.buf
}

// printfBefore zeroes the cursor of the printf buffer pf before a
// dispatch, after whatever the batch did with it.
func (s *submitter) printfBefore(b *batch, pf *Buffer) {
	cursor := access{pf.blk.buf, pf.off, pf.off + 4}
	s.hazard(b, nil, []access{cursor})
	call(s.l.vkCmdFillBuffer, b.cb, uintptr(pf.blk.buf), uintptr(pf.off), 4, 0)
}

// printfAfter copies the printf buffer after the dispatch into staging
// at pos and prints its records once the batch completes, before the
// dispatch's event does. A loop-limit or out-of-bounds report fails the dispatch c
// (dispatchError).
func (s *submitter) printfAfter(b *batch, c *command, pf *Buffer, pos uint64) {
	k := c.disp.k
	l := s.l
	n := pf.size
	src := access{pf.blk.buf, pf.off, pf.off + n}
	s.hazard(b, []access{src}, nil)
	region := &vkBufferCopy{srcOffset: pf.off, dstOffset: l.staging.offset(pos), size: n}
	call(l.vkCmdCopyBuffer, b.cb, uintptr(pf.blk.buf), uintptr(l.staging.buf), 1, uintptr(unsafe.Pointer(region)))
	view, refl := l.staging.bytes(pos, n), k.p.refl
	b.after = append(b.after, func() {
		// An overflow only loses output (those calls returned -1).
		if err := l.dispatchError(k, printf.Print(view, refl)); err != nil {
			c.failed = err
		}
	})
}
