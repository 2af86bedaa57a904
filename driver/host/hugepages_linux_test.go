package host

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// TestBufferHugePageAdvice: a buffer (and an image) of several huge
// pages is advised
// (the mapping holding its first whole 2 MB page carries the kernel's
// "hg" flag, MADV_HUGEPAGE), keeps its bytes, and small or unaligned
// slices are left alone without a panic.
func TestBufferHugePageAdvice(t *testing.T) {
	// The advice needs a kernel with transparent huge pages that are not
	// turned off (madvise fails, or leaves no flag, elsewhere).
	if thp, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(thp), "[never]") {
		t.Skip("transparent huge pages unavailable or off on this machine")
	}
	b, err := NewDevice().NewBuffer(9 << 20)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	data, err := bytesOf(b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = byte(i * 7)
	}
	a := uintptr(unsafe.Pointer(&data[0]))
	page := (a + hugePage - 1) &^ (hugePage - 1)
	flags, ok := vmFlags(t, page)
	if !ok {
		t.Skip("no /proc/self/smaps")
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the mapping at %#x has VmFlags %q, no hg", page, flags)
	}
	for i := range data {
		if data[i] != byte(i*7) {
			t.Fatalf("byte %d changed", i)
		}
	}
	// An image's pixels get the same advice.
	img, err := NewDevice().NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: imageformat.RGBA, DataType: imageformat.UnormInt8},
		Width: 2048, Height: 1200, Depth: 1, ArraySize: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer img.Release()
	im, err := imageOf(img)
	if err != nil {
		t.Fatal(err)
	}
	a = uintptr(unsafe.Pointer(&im.Data[0]))
	page = (a + hugePage - 1) &^ (hugePage - 1)
	if flags, _ := vmFlags(t, page); !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the image's mapping at %#x has VmFlags %q, no hg", page, flags)
	}
	adviseHugePages(nil)
	adviseHugePages(make([]byte, 100))
	adviseHugePages(data[1 : hugePage+5])
}

// vmFlags returns the VmFlags line of the mapping of /proc/self/smaps
// that holds address a.
func vmFlags(t *testing.T, a uintptr) (string, bool) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	in := false
	for s.Scan() {
		line := s.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 && strings.Contains(line, " ") && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			in = lo <= a && a < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")), true
		}
	}
	t.Fatalf("no mapping holds %#x", a)
	return "", false
}
