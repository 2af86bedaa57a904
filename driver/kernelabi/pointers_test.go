package kernelabi

import (
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"github.com/clgo/clgo/driver"
)

// addrBuf is a buffer at a device address.
type addrBuf struct{ addr, size uint64 }

func (b addrBuf) Size() uint64          { return b.size }
func (b addrBuf) Release()              {}
func (b addrBuf) DeviceAddress() uint64 { return b.addr }

// plainBuf has no device address.
type plainBuf struct{}

func (plainBuf) Size() uint64 { return 64 }
func (plainBuf) Release()     {}

func TestPointerArgValue(t *testing.T) {
	for _, c := range []struct {
		arg  driver.Arg
		want uint64
		err  error
	}{
		{driver.Arg{Kind: driver.ArgBuffer}, 0, nil},
		{driver.Arg{Kind: driver.ArgBuffer, Buffer: addrBuf{0x10000, 256}, Offset: 12}, 0x1000c, nil},
		{driver.Arg{Kind: driver.ArgBuffer, Buffer: addrBuf{0x10000, 256}, Offset: 257}, 0, driver.ErrInvalidArgValue},
		{driver.Arg{Kind: driver.ArgBuffer, Buffer: plainBuf{}}, 0, driver.ErrInvalidArgValue},
	} {
		got, err := PointerArgValue(&c.arg)
		if got != c.want || !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("PointerArgValue(%+v) = %#x, %v; want %#x, %v", c.arg, got, err, c.want, c.err)
		}
	}
}

func TestSVMResidentsAndTable(t *testing.T) {
	own := []driver.Arg{{Kind: driver.ArgBuffer}, {Kind: driver.ArgPOD, Bytes: []byte{1, 2, 3, 4}}}
	res := []driver.Arg{
		{Kind: driver.ArgSVMResident, Buffer: addrBuf{0x9000, 128}, Size: 100, HostAddress: 0x7f0000001000},
		{Kind: driver.ArgSVMResident, Buffer: addrBuf{0x5000, 64}, Size: 64, HostAddress: 0x5000}, // identity: no entry
	}
	gotOwn, gotRes, err := SVMResidents(append(slices.Clone(own), res...), 2)
	if err != nil || len(gotOwn) != 2 || len(gotRes) != 2 {
		t.Fatalf("SVMResidents: %d own, %d residents, %v", len(gotOwn), len(gotRes), err)
	}
	for _, bad := range [][]driver.Arg{
		own[:1], // fewer than the kernel's
		append(slices.Clone(own), driver.Arg{Kind: driver.ArgBuffer}),                                        // not a resident
		append(slices.Clone(own), driver.Arg{Kind: driver.ArgSVMResident, Buffer: addrBuf{0, 16}, Size: 32}), // past its buffer
		append(slices.Clone(own), driver.Arg{Kind: driver.ArgSVMResident, Size: 16}),                         // no buffer
	} {
		if _, _, err := SVMResidents(bad, 2); err == nil {
			t.Errorf("SVMResidents(%+v): no error", bad)
		}
	}
	entries, err := SVMTableEntries(gotRes)
	if err != nil {
		t.Fatal(err)
	}
	want := []SVMTableEntry{{Host: 0x7f0000001000, Device: 0x9000, Size: 100}}
	if !slices.Equal(entries, want) {
		t.Fatalf("SVMTableEntries = %+v, want %+v", entries, want)
	}
	if _, err := SVMTableEntries([]driver.Arg{{Kind: driver.ArgSVMResident, Buffer: plainBuf{}, Size: 8}}); err == nil {
		t.Error("SVMTableEntries of a buffer without an address: no error")
	}
	// struct { uint32 count, reserved; struct { uint64 host, device, size; } entry[]; }
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
