package cl

import (
	"slices"
	"unsafe"
)

// Clone makes a copy of k (clCloneKernel): a new kernel object of the same
// program and function with k's argument values and execution information
// as they are now. The two then change independently.
func (k *Kernel) Clone() (*Kernel, error) {
	const op = "clCloneKernel"
	if err := k.check(op); err != nil {
		return nil, err
	}
	c, err := k.prog.CreateKernel(k.name)
	if err != nil {
		return nil, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	copy(c.args, k.args)
	for i := range c.args {
		// POD bytes are copied, so that the clone owns its values.
		c.args[i].Bytes = slices.Clone(k.args[i].Bytes)
	}
	copy(c.set, k.set)
	copy(c.bufs, k.bufs)
	copy(c.imgs, k.imgs) // image arguments: without them the clone's enqueue finds no image
	c.execSVM = slices.Clone(k.execSVM)
	c.fineGrainSystem = k.fineGrainSystem
	return c, nil
}

// SetExecInfoSVMPointers records the SVM pointers the kernel reaches other
// than through its arguments (CL_KERNEL_EXEC_INFO_SVM_PTRS). A kernel of a
// physical-addressing module gets each of their allocations, as those of
// its SVM arguments, at every enqueue (svm_residents.go); under logical
// addressing a pointer stored in memory cannot be dereferenced and the
// list changes nothing.
func (k *Kernel) SetExecInfoSVMPointers(ptrs []unsafe.Pointer) error {
	if err := k.check("clSetKernelExecInfo"); err != nil {
		return err
	}
	k.mu.Lock()
	k.execSVM = slices.Clone(ptrs)
	k.mu.Unlock()
	return nil
}

// ExecInfoSVMPointers returns the list SetExecInfoSVMPointers recorded.
func (k *Kernel) ExecInfoSVMPointers() []unsafe.Pointer {
	k.mu.Lock()
	defer k.mu.Unlock()
	return slices.Clone(k.execSVM)
}

// SetExecInfoFineGrainSystem is CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM:
// true asks for fine-grained system SVM, which no clgo device has
// (ErrInvalidOperation); false is recorded.
func (k *Kernel) SetExecInfoFineGrainSystem(on bool) error {
	const op = "clSetKernelExecInfo"
	if err := k.check(op); err != nil {
		return err
	}
	if on {
		return errorf(ErrInvalidOperation, "%s(%s): CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM: no device of the context has fine-grained system SVM", op, k.name)
	}
	k.mu.Lock()
	k.fineGrainSystem = false
	k.mu.Unlock()
	return nil
}
