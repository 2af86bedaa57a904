package kernelabi

// The SVM translation table (docs/physical.md §5-§6): where a device keeps
// an SVM allocation at a device address other than the host's, a physical
// module maps canonical (host) addresses to device ones with a table the
// driver builds per dispatch from the dispatch's driver.ArgSVMResident
// entries (SplitArgs), and passes by address (PutPointerPushConstants'
// svmTable).

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

// SVMTableEntry is one range of the SVM translation table: the host's
// addresses [Host, Host+Size) are the device's [Device, Device+Size).
type SVMTableEntry struct {
	Host, Device, Size uint64
}

// SVMTableEntries are the entries of the residents whose device address
// (address) is not their host address: those the kernel must translate.
// A resident's Size must fit its buffer.
func SVMTableEntries(residents []driver.Arg, address AddressFunc) ([]SVMTableEntry, error) {
	var out []SVMTableEntry
	for i := range residents {
		r := &residents[i]
		if r.Buffer == nil || r.Size == 0 || r.Size > r.Buffer.Size() {
			return nil, fmt.Errorf("SVM resident %d: %d bytes of its buffer: %w", i, r.Size, driver.ErrInvalidArgValue)
		}
		dev, err := address(r.Buffer)
		if err != nil {
			return nil, fmt.Errorf("SVM resident %d: %w", i, err)
		}
		if dev != r.HostAddress {
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
