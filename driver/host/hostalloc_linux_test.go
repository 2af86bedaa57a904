package host

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// thpOn skips the test where transparent huge pages are missing or off.
func thpOn(t *testing.T) {
	t.Helper()
	if thp, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(thp), "[never]") {
		t.Skip("transparent huge pages unavailable or off on this machine")
	}
}

// TestHostBytesHugePages: a large buffer starts on a 2 MB boundary, is
// as long as asked (its capacity too), reads as zeros, and once written
// is backed by huge pages (the mapping's AnonHugePages), also when the
// memory it got had been touched as 4 KB pages before.
func TestHostBytesHugePages(t *testing.T) {
	thpOn(t)
	const size = 40<<20 + 12345
	b, err := NewDevice().NewBuffer(size)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	data, _ := bytesOf(b)
	a := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	if a%hugePage != 0 || len(data) != size || cap(data) != size {
		t.Fatalf("buffer at %#x, len %d cap %d; want a 2 MB boundary, %d", a, len(data), cap(data), size)
	}
	for i, v := range data {
		if v != 0 {
			t.Fatalf("byte %d is %d, want 0", i, v)
		}
	}
	for i := range data {
		data[i] = byte(i * 7)
	}
	// Most of the buffer's 20 huge pages, short of a machine out of them.
	if kb := anonHugeKB(t, a); kb < size/2/1024 {
		t.Errorf("the mapping at %#x has %d kB of AnonHugePages, want at least %d", a, kb, size/2/1024)
	}

	// Memory the Go heap hands back has 4 KB pages already: backHuge
	// brings it back on huge pages (the advice alone would not).
	raw := make([]byte, 12*hugePage)
	r := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	off := ((r + hugePage - 1) &^ (hugePage - 1)) - r
	m := raw[off : off+10*hugePage]
	if err := syscall.Madvise(m, syscall.MADV_NOHUGEPAGE); err != nil {
		t.Skip(err)
	}
	for i := range m {
		m[i] = 1
	}
	clear(m)
	backHuge(m)
	for i := range m {
		if m[i] != 0 {
			t.Fatalf("byte %d of discarded memory is %d, want 0", i, m[i])
		}
		m[i] = byte(i)
	}
	if kb := anonHugeKB(t, r+off); kb < 5*hugePage/1024 {
		t.Errorf("4 KB-backed memory after backHuge: %d kB of AnonHugePages, want at least %d", kb, 5*hugePage/1024)
	}
	for i := range m {
		if m[i] != byte(i) {
			t.Fatalf("byte %d changed", i)
		}
	}

	// Small sizes and the sizes between one huge page and hugeAlignMin.
	for _, n := range []uint64{1, 4095, hugePage - 1, hugePage, 3*hugePage + 1, hugeAlignMin - 1, hugeAlignMin} {
		d := newHostBytes(n)
		if uint64(len(d)) != n || uint64(cap(d)) != n {
			t.Errorf("newHostBytes(%d): len %d cap %d", n, len(d), cap(d))
		}
		for i, v := range d {
			if v != 0 {
				t.Fatalf("newHostBytes(%d): byte %d is %d", n, i, v)
			}
		}
	}
}

// anonHugeKB is the AnonHugePages of the mapping of /proc/self/smaps
// that holds address a.
func anonHugeKB(t *testing.T, a uintptr) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	in := false
	for s.Scan() {
		line := s.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			in = lo <= a && a < hi
			continue
		}
		if f := strings.Fields(line); in && len(f) >= 2 && f[0] == "AnonHugePages:" {
			kb, _ := strconv.Atoi(f[1])
			return kb
		}
	}
	t.Fatalf("no mapping holds %#x", a)
	return 0
}
