package kernelabi

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// addressed is a buffer of size bytes at a device address.
type addressed struct {
	driver.Buffer
	addr, size uint64
}

func (b addressed) DeviceAddress() uint64 { return b.addr }
func (b addressed) Size() uint64          { return b.size }

// plain is a buffer without a device address.
type plain struct{ driver.Buffer }

func (plain) Size() uint64 { return 8 }

// TestPointerPushConstants: pointer arguments are their buffer's address
// plus the argument's offset (0 without a buffer), beside the
// program-scope variables' address and the SVM table's, at the offsets
// the reflection gives (docs/physical.md §4).
func TestPointerPushConstants(t *testing.T) {
	refl := &spirv.Reflection{
		ProgramScopeVariables: &spirv.ProgramScopeVariables{PushConstant: true, Offset: 32, Size: 8},
		SVMTable:              &spirv.SVMTable{Offset: 40, Size: 8},
	}
	k := &spirv.Kernel{Args: []spirv.Arg{
		{Ordinal: 0, Kind: spirv.ArgPointerPushConstant, Offset: 0, Size: 8},
		{Ordinal: 1, Kind: spirv.ArgPODPushConstant, Offset: 8, Size: 4},
		{Ordinal: 2, Kind: spirv.ArgPointerPushConstant, Offset: 16, Size: 8},
		{Ordinal: 3, Kind: spirv.ArgPointerUBO, Binding: 1, Offset: 0, Size: 8},
	}}
	if end := PushConstantsEnd(refl, k); end != 48 {
		t.Fatalf("PushConstantsEnd = %d, want 48", end)
	}
	buf := addressed{addr: 0x7000_0000, size: 256}
	args := []driver.Arg{{Buffer: buf, Offset: 24}, {Bytes: []byte{1, 2, 3, 4}}, {}, {Buffer: buf}}
	push := make([]byte, 48)
	for i := range push {
		push[i] = 0xee
	}
	if err := PutPointerPushConstants(push, refl, k, args, DeviceAddress, 0x1234, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		off  int
		want uint64
	}{{0, 0x7000_0018}, {16, 0}, {32, 0x1234}, {40, 0}} {
		if g := binary.LittleEndian.Uint64(push[c.off:]); g != c.want {
			t.Errorf("push constant at %d = %#x, want %#x", c.off, g, c.want)
		}
	}
	if g := binary.LittleEndian.Uint64(push[8:]); g != 0xeeeeeeeeeeeeeeee {
		t.Errorf("the POD argument's bytes were written: %#x", g)
	}
	args[0].Offset = 257
	if err := PutPointerPushConstants(push, refl, k, args, DeviceAddress, 0, 0); !errors.Is(err, driver.ErrInvalidArgValue) {
		t.Errorf("an offset past the buffer: %v, want ErrInvalidArgValue", err)
	}
	if _, err := PointerValue(&driver.Arg{Buffer: plain{}}, DeviceAddress); !errors.Is(err, driver.ErrInvalidMemObject) {
		t.Errorf("a buffer without an address: %v, want ErrInvalidMemObject", err)
	}
}

// TestSplitArgs: SVM allocations may follow a kernel's own arguments;
// nothing else may.
func TestSplitArgs(t *testing.T) {
	buf := addressed{addr: 64, size: 64}
	args := []driver.Arg{{Kind: driver.ArgBuffer}, {Kind: driver.ArgSVMResident, Buffer: buf, Size: 64, HostAddress: 64}}
	own, res, err := SplitArgs(args, 1)
	if err != nil || len(own) != 1 || len(res) != 1 {
		t.Fatalf("SplitArgs = %v, %v, %v", own, res, err)
	}
	if _, _, err := SplitArgs(args[:1], 2); !errors.Is(err, driver.ErrInvalidKernelArgs) {
		t.Errorf("too few arguments: %v, want ErrInvalidKernelArgs", err)
	}
	for _, bad := range [][]driver.Arg{{args[0], {Kind: driver.ArgPOD}}, {args[0], {Kind: driver.ArgSVMResident}}} {
		if _, _, err := SplitArgs(bad, 1); !errors.Is(err, driver.ErrInvalidKernelArgs) {
			t.Errorf("SplitArgs(%v): %v, want ErrInvalidKernelArgs", bad, err)
		}
	}
}

// TestRelocateProgramScope: relocated pointers are the buffer's address
// plus their object's offset, 4 or 8 bytes wide; other bytes stay.
func TestRelocateProgramScope(t *testing.T) {
	ps := &spirv.ProgramScopeVariables{Relocations: []spirv.PointerRelocation{
		{ObjectOffset: 16, PointerOffset: 0, PointerSize: 8},
		{ObjectOffset: 4, PointerOffset: 8, PointerSize: 4},
	}}
	data := make([]byte, 20)
	data[12], data[16] = 0x77, 0x55
	RelocateProgramScope(data, ps, 0x1000_0000_0000)
	if g := binary.LittleEndian.Uint64(data); g != 0x1000_0000_0010 {
		t.Errorf("pointer at 0 = %#x", g)
	}
	if g := binary.LittleEndian.Uint32(data[8:]); g != 4 {
		t.Errorf("32-bit pointer at 8 = %#x, want the address's low word 4", g)
	}
	if data[12] != 0x77 || data[16] != 0x55 {
		t.Errorf("bytes past the pointers changed: %x", data)
	}
}
