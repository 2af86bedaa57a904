package cl

// SVM residents (docs/physical.md §6-§7): a kernel of a physical module may
// follow pointers held in memory into any SVM allocation of its SVM
// arguments or of clSetKernelExecInfo's CL_KERNEL_EXEC_INFO_SVM_PTRS. The
// runtime hands the driver each such allocation once, after the kernel's
// arguments, as a driver.ArgSVMResident: its buffer on the device (brought
// there whole, as a buffer argument's range is, so that a coarse-grained
// allocation is coherent for the kernel), its size and its host address,
// from which the driver builds the SVM translation table.

import (
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// svmResidents lists the distinct SVM allocations behind the buffer
// arguments bufs and the exec-info pointers ptrs, in that order. Pointers
// outside every live allocation of the context are skipped: the kernel
// cannot reach them as SVM.
func (k *Kernel) svmResidents(bufs []*Buffer, ptrs []unsafe.Pointer) []*SVM {
	var out []*SVM
	add := func(s *SVM) {
		if s == nil || s.freed.Load() {
			return
		}
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	for _, b := range bufs {
		if b == nil {
			continue
		}
		if b.svm != nil {
			add(b.svm)
		} else if b.parent != nil {
			add(b.parent.svm)
		}
	}
	for _, p := range ptrs {
		if s, _, ok := k.prog.ctx.SVMAt(p, 1); ok {
			add(s)
		}
	}
	return out
}

// appendSVMResidents brings each allocation of svms to q's device and
// appends it to args as a driver.ArgSVMResident.
func (q *Queue) appendSVMResidents(args []driver.Arg, svms []*SVM) ([]driver.Arg, error) {
	for _, s := range svms {
		root := s.buf.root
		db, err := root.on(q.dev, 0, root.size)
		if err != nil {
			return nil, err
		}
		args = append(args, driver.Arg{Kind: driver.ArgSVMResident, Buffer: db, Size: root.size, HostAddress: uint64(addr(s.mem))})
	}
	return args, nil
}
