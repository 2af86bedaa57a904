package kernelabi

import (
	"encoding/binary"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Pointer arguments of physical-addressing modules (docs/physical.md §4):
// a __global or __constant pointer argument is the device address of the
// byte it points at, in push constants (spirv.ArgPointerPushConstant) or
// in a uniform buffer (spirv.ArgPointerUBO); 0 is NULL. The program-scope
// variables' buffer and the SVM table may be reached the same way.

// AddressFunc gives the device address of a buffer's first byte.
type AddressFunc func(driver.Buffer) (uint64, error)

// DeviceAddress is the AddressFunc of drivers whose buffers are
// driver.AddressedBuffer.
func DeviceAddress(b driver.Buffer) (uint64, error) {
	ab, ok := b.(driver.AddressedBuffer)
	if !ok {
		return 0, fmt.Errorf("buffer %T has no device address: %w", b, driver.ErrInvalidMemObject)
	}
	return ab.DeviceAddress(), nil
}

// PointerValue is the value of pointer argument v: the device address of
// the byte at v.Offset of v.Buffer, or 0 when v has no buffer.
func PointerValue(v *driver.Arg, address AddressFunc) (uint64, error) {
	if v.Buffer == nil {
		return 0, nil
	}
	if v.Offset > v.Buffer.Size() {
		return 0, fmt.Errorf("offset %d past the buffer's %d bytes: %w", v.Offset, v.Buffer.Size(), driver.ErrInvalidArgValue)
	}
	a, err := address(v.Buffer)
	if err != nil {
		return 0, err
	}
	return a + v.Offset, nil
}

// PutPointer writes the pointer value a into the size bytes at b (8 for
// PhysicalStorageBuffer64 modules).
func PutPointer(b []byte, size uint32, a uint64) {
	var w [8]byte
	binary.LittleEndian.PutUint64(w[:], a)
	copy(b[:min(int(size), len(b))], w[:min(size, 8)])
}

// PutPointerPushConstants writes kernel k's pointer push constants into
// push (PushConstantsEnd bytes): its ArgPointerPushConstant arguments
// from args, the address of the program-scope variables' buffer (globals)
// where the module takes it as a push constant, and the SVM table's
// address (svmTable, 0 for none) where the module reads one. Pointer
// arguments in a uniform buffer (ArgPointerUBO) are the driver's to place,
// with PointerValue.
func PutPointerPushConstants(push []byte, refl *spirv.Reflection, k *spirv.Kernel, args []driver.Arg, address AddressFunc, globals, svmTable uint64) error {
	for _, a := range k.Args {
		if a.Kind != spirv.ArgPointerPushConstant || int(a.Ordinal) >= len(args) {
			continue
		}
		v, err := PointerValue(&args[a.Ordinal], address)
		if err != nil {
			return fmt.Errorf("argument %d: %w", a.Ordinal, err)
		}
		PutPointer(push[min(int(a.Offset), len(push)):], a.Size, v)
	}
	if ps := refl.ProgramScopeVariables; ps != nil && ps.PushConstant {
		PutPointer(push[min(int(ps.Offset), len(push)):], ps.Size, globals)
	}
	if t := refl.SVMTable; t != nil {
		PutPointer(push[min(int(t.Offset), len(push)):], t.Size, svmTable)
	}
	return nil
}

// SplitArgs separates a dispatch's args into the kernel's own (the first
// n, as many as its driver.KernelInfo lists) and the trailing
// driver.ArgSVMResident entries: the SVM allocations the kernel may reach
// through pointers, which the driver keeps alive and coherent for the
// dispatch.
func SplitArgs(args []driver.Arg, n int) (own, resident []driver.Arg, err error) {
	if len(args) < n {
		return nil, nil, fmt.Errorf("%d arguments for %d: %w", len(args), n, driver.ErrInvalidKernelArgs)
	}
	for i, a := range args[n:] {
		if a.Kind != driver.ArgSVMResident || a.Buffer == nil {
			return nil, nil, fmt.Errorf("%d arguments for %d: entry %d is a %s, not an SVM allocation: %w", len(args), n, n+i, a.Kind, driver.ErrInvalidKernelArgs)
		}
	}
	return args[:n], args[n:], nil
}

// RelocateProgramScope sets the relocated pointers of data, the initial
// bytes of the program-scope variables' buffer (ps.Data), for a buffer at
// device address base: each is base plus its ObjectOffset
// (spirv.PointerRelocation). A driver calls it once, when it makes the
// buffer.
func RelocateProgramScope(data []byte, ps *spirv.ProgramScopeVariables, base uint64) {
	for _, rl := range ps.Relocations {
		if int(rl.PointerOffset) < len(data) {
			PutPointer(data[rl.PointerOffset:], rl.PointerSize, base+uint64(rl.ObjectOffset))
		}
	}
}
