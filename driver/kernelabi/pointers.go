package kernelabi

// Physical addressing (docs/physical.md §4-§6): what every driver computes
// the same way for a PhysicalStorageBuffer64 module — the value of a
// pointer argument, the SVM residents that follow a kernel's arguments and
// the SVM translation table built from them.

import (
	"encoding/binary"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// PhysicalAddressing reports whether m reaches global memory through
// PhysicalStorageBuffer64 addresses (driver.KernelInfo.PhysicalAddressing).
func PhysicalAddressing(m *spirv.Module) bool {
	return m.MemoryModel != nil && len(m.MemoryModel.Operands) > 0 &&
		spirv.AddressingModel(m.MemoryModel.Operands[0]) == spirv.AddressingModelPhysicalStorageBuffer64
}

// PointerBytes is the size of a pointer argument's value and of every
// address in push constants (a 64-bit device address).
const PointerBytes = 8

// PointerArgValue is the value of a pointer argument (ArgPointerPushConstant,
// ArgPointerUBO) given as v: the device address of the byte it points at,
// the buffer's address plus v.Offset, or 0 for a NULL pointer (v.Buffer
// nil). The buffer must be an AddressedBuffer.
func PointerArgValue(v *driver.Arg) (uint64, error) {
	if v.Buffer == nil {
		return 0, nil
	}
	ab, ok := v.Buffer.(driver.AddressedBuffer)
	if !ok {
		return 0, fmt.Errorf("a %T has no device address: %w", v.Buffer, driver.ErrInvalidArgValue)
	}
	if v.Offset > v.Buffer.Size() {
		return 0, fmt.Errorf("offset %d past a buffer of %d bytes: %w", v.Offset, v.Buffer.Size(), driver.ErrInvalidArgValue)
	}
	return ab.DeviceAddress() + v.Offset, nil
}

// PutPointer writes the address a where a module reads a pointer push
// constant or a pointer in a uniform buffer (little-endian, 8 bytes).
func PutPointer(dst []byte, a uint64) { binary.LittleEndian.PutUint64(dst, a) }

// SVMResidents splits Dispatch's args into the kernel's own n arguments
// and the ArgSVMResident entries after them; anything else past the
// kernel's arguments is an error.
func SVMResidents(args []driver.Arg, n int) (own, residents []driver.Arg, err error) {
	if len(args) < n {
		return nil, nil, fmt.Errorf("%d arguments for %d: %w", len(args), n, driver.ErrInvalidKernelArgs)
	}
	for i, a := range args[n:] {
		if a.Kind != driver.ArgSVMResident {
			return nil, nil, fmt.Errorf("%d arguments for %d (entry %d is %v, not an SVM resident): %w", len(args), n, n+i, a.Kind, driver.ErrInvalidKernelArgs)
		}
		if a.Buffer == nil || a.Size == 0 || a.Size > a.Buffer.Size() {
			return nil, nil, fmt.Errorf("SVM resident %d: %d bytes of a buffer of %v: %w", i, a.Size, bufSize(a.Buffer), driver.ErrInvalidArgValue)
		}
	}
	return args[:n], args[n:], nil
}

func bufSize(b driver.Buffer) any {
	if b == nil {
		return "none"
	}
	return b.Size()
}

// SVMTableEntry is one range of the SVM translation table: the host's
// addresses [Host, Host+Size) are the device's [Device, Device+Size).
type SVMTableEntry struct {
	Host, Device, Size uint64
}

// SVMTableEntries are the entries of the residents whose device address is
// not their host address (those the kernel must translate); residents
// whose buffers have no device address are an error.
func SVMTableEntries(residents []driver.Arg) ([]SVMTableEntry, error) {
	var out []SVMTableEntry
	for i := range residents {
		r := &residents[i]
		ab, ok := r.Buffer.(driver.AddressedBuffer)
		if !ok {
			return nil, fmt.Errorf("SVM resident %d: a %T has no device address: %w", i, r.Buffer, driver.ErrInvalidArgValue)
		}
		if dev := ab.DeviceAddress(); dev != r.HostAddress {
			out = append(out, SVMTableEntry{Host: r.HostAddress, Device: dev, Size: r.Size})
		}
	}
	return out, nil
}

// SVMTableBytes is the size of a table of n entries:
// struct { uint32 count, reserved; struct { uint64 host, device, size; } entry[n]; }.
func SVMTableBytes(n int) int { return 8 + 24*n }

// PutSVMTable writes the table of entries into dst (SVMTableBytes long).
func PutSVMTable(dst []byte, entries []SVMTableEntry) {
	binary.LittleEndian.PutUint32(dst, uint32(len(entries)))
	binary.LittleEndian.PutUint32(dst[4:], 0)
	for i, e := range entries {
		p := dst[8+24*i:]
		binary.LittleEndian.PutUint64(p, e.Host)
		binary.LittleEndian.PutUint64(p[8:], e.Device)
		binary.LittleEndian.PutUint64(p[16:], e.Size)
	}
}
