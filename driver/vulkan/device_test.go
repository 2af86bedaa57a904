package vulkan

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/clgo/clgo/driver"
)

func TestDevices(t *testing.T) {
	d := testDevice(t)
	info := d.Info()
	t.Logf("%s (%s), driver %s, %v", info.Name, info.Vendor, info.DriverVersion, info.Type)
	t.Logf("max WG %d %v, local %d, global %d, max alloc %d, align %d bits, unified %v, caps %+v",
		info.MaxWorkGroupSize, info.MaxWorkItemSizes, info.LocalMemSize, info.GlobalMemSize, info.MaxAllocSize,
		info.MemBaseAddrAlign, info.UnifiedMemory, info.Caps)
	if info.Name == "" || info.MaxWorkGroupSize == 0 || info.MaxAllocSize == 0 || info.LocalMemSize == 0 {
		t.Errorf("incomplete info %+v", info)
	}
	if info.MaxAllocSize < info.GlobalMemSize/4 || info.MaxAllocSize > info.GlobalMemSize {
		t.Errorf("max alloc %d, global %d: want global/4 <= max alloc <= global (CL_DEVICE_MAX_MEM_ALLOC_SIZE)", info.MaxAllocSize, info.GlobalMemSize)
	}
	if driver.Lookup("vulkan") == nil {
		t.Error("the driver is not registered")
	}
}

func TestRoundTrip(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	for _, size := range []int{1, 3, 4, 1000, 1 << 20, stagingSize + stagingSize/2 + 5} {
		b := mustBuffer(t, d, uint64(size))
		src := make([]byte, size)
		rand.New(rand.NewSource(int64(size))).Read(src)
		_, err := q.WriteBuffer(b, 0, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, size)
		ev, err := q.ReadBuffer(b, 0, dst, nil)
		wait(t, ev, err)
		if !bytes.Equal(src, dst) {
			t.Fatalf("size %d: read back differs", size)
		}
		b.Release()
	}
}

func TestZeroFilledAndOffsets(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	b := mustBuffer(t, d, 4096)
	dst := make([]byte, 4096)
	for i := range dst {
		dst[i] = 0xAA
	}
	ev, err := q.ReadBuffer(b, 0, dst, nil)
	wait(t, ev, err)
	if !bytes.Equal(dst, make([]byte, 4096)) {
		t.Fatal("new buffer is not zero")
	}
	// Partial writes at odd offsets, read back through another range.
	q.WriteBuffer(b, 7, []byte("hello"), nil)
	q.WriteBuffer(b, 1000, []byte("world!"), nil)
	got := make([]byte, 1100)
	ev, err = q.ReadBuffer(b, 0, got, nil)
	wait(t, ev, err)
	if string(got[7:12]) != "hello" || string(got[1000:1006]) != "world!" || got[6] != 0 || got[12] != 0 {
		t.Fatalf("partial writes: %q %q", got[0:16], got[1000:1010])
	}
}

func TestFillCopy(t *testing.T) {
	d := testDevice(t)
	q := mustQueue(t, d, false)
	defer q.Release()
	const n = 1 << 16
	a := mustBuffer(t, d, n)
	c := mustBuffer(t, d, n)
	for _, pat := range [][]byte{{1}, {1, 2}, {1, 2, 3, 4}, {1, 2, 3, 4, 5, 6, 7, 8}, []byte("0123456789abcdef"), []byte("0123456789abcdef0123456789abcdef"), {9, 8, 7}} {
		for _, off := range []uint64{0, 2, 16} {
			size := (n - off - 64) / uint64(len(pat)) * uint64(len(pat))
			if _, err := q.FillBuffer(a, 0, n/uint64(len(pat))*uint64(len(pat)), []byte{0}, nil); err != nil && len(pat) == 1 {
				t.Fatal(err)
			}
			if _, err := q.FillBuffer(a, off, size, pat, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := q.CopyBuffer(a, 0, c, 0, n, nil); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, n)
			ev, err := q.ReadBuffer(c, 0, got, nil)
			wait(t, ev, err)
			for i := uint64(0); i < n; i++ {
				want := byte(0)
				if i >= off && i < off+size {
					want = pat[(i-off)%uint64(len(pat))]
				}
				if got[i] != want && (i < off || i >= off+size) == false {
					t.Fatalf("pattern %v at offset %d: byte %d is %d, want %d", pat, off, i, got[i], want)
				}
			}
		}
	}
	if _, err := q.CopyBuffer(a, 0, a, 8, 16, nil); err == nil {
		t.Error("overlapping copy accepted")
	}
}
