package dynlib

import (
	"errors"
	"strings"
	"testing"
)

// The search order and the error of every platform, checked on any one: a
// fake opener records the names tried.
func TestOpenFirst(t *testing.T) {
	cases := []struct {
		lib   Library
		goos  string
		first string
	}{
		{Vulkan, "linux", "libvulkan.so.1"},
		{Vulkan, "freebsd", "libvulkan.so.1"},
		{Vulkan, "windows", "vulkan-1.dll"},
		{Vulkan, "darwin", "libvulkan.1.dylib"},
		{OpenCL, "linux", "libOpenCL.so.1"},
		{OpenCL, "windows", "OpenCL.dll"},
		{OpenCL, "darwin", "/System/Library/Frameworks/OpenCL.framework/OpenCL"},
	}
	for _, c := range cases {
		var tried []string
		fail := func(name string) (uintptr, error) {
			tried = append(tried, name)
			return 0, errors.New("not found")
		}
		_, err := openFirst(c.lib, c.goos, fail)
		if err == nil || tried[0] != c.first || len(tried) != len(c.lib.Files(c.goos)) {
			t.Errorf("%s on %s: tried %v, err %v", c.lib.Name, c.goos, tried, err)
			continue
		}
		for _, f := range tried {
			if !strings.Contains(err.Error(), f) {
				t.Errorf("%s on %s: the error does not name %s: %v", c.lib.Name, c.goos, f, err)
			}
		}
		// The second name loads: its handle comes back.
		n := 0
		h, err := openFirst(c.lib, c.goos, func(string) (uintptr, error) {
			n++
			if n == 2 {
				return 42, nil
			}
			return 0, errors.New("no")
		})
		if len(tried) >= 2 && (err != nil || h != 42) {
			t.Errorf("%s on %s: second name: %d, %v", c.lib.Name, c.goos, h, err)
		}
	}
}

func TestOpenUnsupportedStops(t *testing.T) {
	n := 0
	_, err := openFirst(Vulkan, "linux", func(string) (uintptr, error) { n++; return 0, ErrUnsupported })
	if !errors.Is(err, ErrUnsupported) || n != 1 {
		t.Fatalf("n=%d err=%v", n, err)
	}
}
