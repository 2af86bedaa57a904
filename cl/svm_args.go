package cl

// SVM pointers as kernel arguments (clSetKernelArgSVMPointer).

import (
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// SetArgSVMPointer sets buffer argument i to p, a pointer into an SVM
// allocation of the kernel's context (or nil, a NULL pointer). The kernel
// sees a __global pointer to p: the allocation's buffer from p's offset.
func (k *Kernel) SetArgSVMPointer(i int, p unsafe.Pointer) error {
	const op = "clSetKernelArgSVMPointer"
	if err := k.check(op); err != nil {
		return err
	}
	if i < 0 || i >= len(k.info.Args) {
		return errorf(ErrInvalidArgIndex, "%s(%s): index %d of %d", op, k.name, i, len(k.info.Args))
	}
	ai := k.info.Args[i]
	if ai.Kind != driver.ArgBuffer {
		return errorf(ErrInvalidArgValue, "%s(%s, %d): argument %s is not a __global or __constant pointer", op, k.name, i, argName(ai))
	}
	a := driver.Arg{Kind: driver.ArgBuffer}
	var buf *Buffer
	if p != nil {
		s, off, ok := k.prog.ctx.SVMAt(p, 1)
		if !ok {
			return errorf(ErrInvalidArgValue, "%s(%s, %d): %p is not inside an SVM allocation of the kernel's context", op, k.name, i, p)
		}
		buf = s.buf
		a.Offset, a.Size = off, s.buf.root.size-off
	}
	k.mu.Lock()
	k.args[i], k.set[i], k.bufs[i] = a, true, buf
	k.mu.Unlock()
	return nil
}

// stageSVMArgs handles SVM pointer arguments whose offset in their
// allocation is not a multiple of the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN
// (a char * anywhere in an allocation): a Vulkan device binds a buffer only
// at aligned offsets, and under logical addressing a kernel's pointer
// argument starts at its binding. Such an argument's range is copied into
// a scratch buffer before the kernel and back after it, in the queue's
// order, and the kernel gets the scratch buffer. An allocation that
// another argument of the same launch also reaches is left as is (the two
// views would not see each other's writes), and the driver refuses the
// offset. The returned events are the copies'; unstageSVMArgs adds the
// copies back.
func (q *Queue) stageSVMArgs(args []driver.Arg, bufs []*Buffer, dw []driver.Event) ([]stagedArg, []driver.Event, error) {
	align := uint64(q.dev.info.MemBaseAddrAlign / 8)
	if _, inPlace := q.dev.dev.(driver.HostMemoryWrapper); inPlace || align <= 1 {
		return nil, nil, nil // kernels of such a device take any offset
	}
	var staged []stagedArg
	var evs []driver.Event
	for i, b := range bufs {
		if b == nil || b.svm == nil || b != b.svm.buf || args[i].Offset%align == 0 {
			continue
		}
		shared := false
		for j, o := range bufs {
			shared = shared || (j != i && o != nil && o.root == b.root)
		}
		if shared {
			continue
		}
		a := &args[i]
		scratch, err := q.dev.dev.NewBuffer(padded(a.Size))
		if err == nil {
			var ev driver.Event
			if ev, err = q.dq.CopyBuffer(a.Buffer, a.Offset, scratch, 0, a.Size, dw); err == nil {
				evs = append(evs, ev)
			} else {
				scratch.Release()
			}
		}
		if err != nil {
			for _, s := range staged {
				s.scratch.Release()
			}
			return nil, nil, err
		}
		staged = append(staged, stagedArg{scratch: scratch, dst: a.Buffer, off: a.Offset, size: a.Size})
		a.Buffer, a.Offset = scratch, 0
	}
	return staged, evs, nil
}

// stagedArg is an argument stageSVMArgs moved to a scratch buffer.
type stagedArg struct {
	scratch, dst driver.Buffer
	off, size    uint64
}

// unstageSVMArgs copies the staged arguments back after the kernel (evs:
// the launch's events so far) and returns the launch's event.
func (q *Queue) unstageSVMArgs(staged []stagedArg, evs []driver.Event) (driver.Event, error) {
	for _, s := range staged {
		ev, err := q.dq.CopyBuffer(s.scratch, 0, s.dst, s.off, s.size, nil)
		s.scratch.Release() // the driver keeps it while the copy is pending
		if err != nil {
			return nil, err
		}
		evs = append(evs, ev)
	}
	return join(evs), nil
}
