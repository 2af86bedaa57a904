// Package dynlib opens the system's shared libraries that clgo calls
// without cgo (the Vulkan loader, an OpenCL ICD loader) on every platform
// Go builds for: dlopen on Linux, the BSDs and macOS, LoadLibrary on
// Windows. It only finds libraries and symbols; calling them is purego's.
package dynlib

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
)

// ErrUnsupported is returned where the platform has no dynamic loader that
// purego can use.
var ErrUnsupported = errors.New("dynlib: loading shared libraries is not supported on " + runtime.GOOS)

// Library names the same library under each platform's file names, in the
// order to try them.
type Library struct {
	Name    string              // for messages: "the Vulkan loader"
	ByGOOS  map[string][]string // file names by runtime.GOOS
	Default []string            // for a GOOS not in ByGOOS (Linux and the BSDs)
}

// Files are the file names to try on goos.
func (l Library) Files(goos string) []string {
	if f, ok := l.ByGOOS[goos]; ok {
		return f
	}
	return l.Default
}

// Vulkan is the Vulkan loader: libvulkan.so.1, vulkan-1.dll, or on macOS
// the loader or MoltenVK itself.
var Vulkan = Library{
	Name: "the Vulkan loader",
	ByGOOS: map[string][]string{
		"windows": {"vulkan-1.dll"},
		"darwin":  {"libvulkan.1.dylib", "libvulkan.dylib", "libMoltenVK.dylib", "/usr/local/lib/libvulkan.1.dylib", "/opt/homebrew/lib/libvulkan.1.dylib"},
		"android": {"libvulkan.so"},
	},
	Default: []string{"libvulkan.so.1", "libvulkan.so"},
}

// OpenCL is an OpenCL ICD loader (or a single OpenCL library).
var OpenCL = Library{
	Name: "the OpenCL ICD loader",
	ByGOOS: map[string][]string{
		"windows": {"OpenCL.dll"},
		"darwin":  {"/System/Library/Frameworks/OpenCL.framework/OpenCL", "libOpenCL.dylib"},
		"android": {"libOpenCL.so"},
	},
	Default: []string{"libOpenCL.so.1", "libOpenCL.so"},
}

// Open loads the first of l's files for this platform that loads. The
// error lists every name tried and why each failed.
func Open(l Library) (uintptr, error) {
	return openFirst(l, runtime.GOOS, openFile)
}

// openFirst is Open with the platform and the opener as parameters, so the
// search order can be tested for every platform on any one.
func openFirst(l Library, goos string, open func(string) (uintptr, error)) (uintptr, error) {
	files := l.Files(goos)
	if len(files) == 0 {
		return 0, fmt.Errorf("dynlib: no file names known for %s on %s", l.Name, goos)
	}
	var msgs []string
	for _, f := range files {
		h, err := open(f)
		if err == nil && h != 0 {
			return h, nil
		}
		if err == nil {
			err = errors.New("null handle")
		}
		if errors.Is(err, ErrUnsupported) {
			return 0, err
		}
		msgs = append(msgs, fmt.Sprintf("%s: %v", f, err))
	}
	return 0, fmt.Errorf("dynlib: cannot load %s (%s)", l.Name, strings.Join(msgs, "; "))
}

// Sym is the address of the named symbol in lib.
func Sym(lib uintptr, name string) (uintptr, error) {
	p, err := symbol(lib, name)
	if err == nil && p == 0 {
		err = fmt.Errorf("dynlib: %s is null", name)
	}
	return p, err
}
