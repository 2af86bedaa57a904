package kernelabi

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestSVMTable: residents at their host address need no entry; the others
// give {host, device, size} entries after a count, as docs/physical.md §5
// lays the table out.
func TestSVMTable(t *testing.T) {
	res := []driver.Arg{
		{Kind: driver.ArgSVMResident, Buffer: addressed{addr: 0x9000, size: 128}, Size: 100, HostAddress: 0x7f0000001000},
		{Kind: driver.ArgSVMResident, Buffer: addressed{addr: 0x5000, size: 64}, Size: 64, HostAddress: 0x5000},
	}
	entries, err := SVMTableEntries(res, DeviceAddress)
	if err != nil {
		t.Fatal(err)
	}
	want := []SVMTableEntry{{Host: 0x7f0000001000, Device: 0x9000, Size: 100}}
	if !slices.Equal(entries, want) {
		t.Fatalf("SVMTableEntries = %+v, want %+v", entries, want)
	}
	for _, bad := range []driver.Arg{
		{Kind: driver.ArgSVMResident, Buffer: plain{}, Size: 8},                       // no address
		{Kind: driver.ArgSVMResident, Buffer: addressed{addr: 1, size: 16}, Size: 32}, // past its buffer
		{Kind: driver.ArgSVMResident, Size: 16},                                       // no buffer
	} {
		if _, err := SVMTableEntries([]driver.Arg{bad}, DeviceAddress); err == nil {
			t.Errorf("SVMTableEntries(%+v): no error", bad)
		}
	}
	b := make([]byte, SVMTableBytes(len(entries)))
	if len(b) != 32 {
		t.Fatalf("SVMTableBytes(1) = %d, want 32", len(b))
	}
	PutSVMTable(b, entries)
	le := binary.LittleEndian
	if le.Uint32(b) != 1 || le.Uint32(b[4:]) != 0 || le.Uint64(b[8:]) != 0x7f0000001000 || le.Uint64(b[16:]) != 0x9000 || le.Uint64(b[24:]) != 100 {
		t.Errorf("PutSVMTable wrote % x", b)
	}
}
