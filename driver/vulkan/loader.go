package vulkan

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/dynlib"
)

// ErrNoLoader is wrapped by the error Devices returns when libvulkan.so.1
// cannot be loaded.
var ErrNoLoader = errors.New("vulkan: the Vulkan loader (libvulkan.so.1, vulkan-1.dll, libvulkan.1.dylib) is not installed")

// ErrNoDevice is wrapped by the error Devices returns when the loader finds
// no Vulkan 1.1 device.
var ErrNoDevice = errors.New("vulkan: no Vulkan 1.1 device")

// vkResult is a VkResult; negative values are errors.
type vkResult int32

const (
	vkSuccess    vkResult = 0
	vkNotReady   vkResult = 1
	vkTimeout    vkResult = 2
	vkIncomplete vkResult = 5
)

var resultNames = map[vkResult]string{
	0: "VK_SUCCESS", 1: "VK_NOT_READY", 2: "VK_TIMEOUT", 3: "VK_EVENT_SET", 4: "VK_EVENT_RESET", 5: "VK_INCOMPLETE",
	-1: "VK_ERROR_OUT_OF_HOST_MEMORY", -2: "VK_ERROR_OUT_OF_DEVICE_MEMORY", -3: "VK_ERROR_INITIALIZATION_FAILED",
	-4: "VK_ERROR_DEVICE_LOST", -5: "VK_ERROR_MEMORY_MAP_FAILED", -6: "VK_ERROR_LAYER_NOT_PRESENT",
	-7: "VK_ERROR_EXTENSION_NOT_PRESENT", -8: "VK_ERROR_FEATURE_NOT_PRESENT", -9: "VK_ERROR_INCOMPATIBLE_DRIVER",
	-10: "VK_ERROR_TOO_MANY_OBJECTS", -11: "VK_ERROR_FORMAT_NOT_SUPPORTED", -12: "VK_ERROR_FRAGMENTED_POOL",
	-13: "VK_ERROR_UNKNOWN", -1000069000: "VK_ERROR_OUT_OF_POOL_MEMORY", -1000072003: "VK_ERROR_INVALID_EXTERNAL_HANDLE",
	-1000161000: "VK_ERROR_FRAGMENTATION",
}

func (r vkResult) String() string {
	if s, ok := resultNames[r]; ok {
		return s
	}
	return fmt.Sprintf("VkResult(%d)", int32(r))
}

// vkError is a failed Vulkan call.
type vkError struct {
	Call   string
	Result vkResult
}

func (e *vkError) Error() string { return "vulkan: " + e.Call + ": " + e.Result.String() }

// Unwrap maps the result onto the driver's sentinels.
func (e *vkError) Unwrap() error {
	switch e.Result {
	case -1:
		return driver.ErrOutOfHostMemory
	case -2, -1000161000:
		return driver.ErrMemAllocationFailure
	case -4:
		return driver.ErrDeviceLost
	case -8, -7, -9:
		return driver.ErrUnsupported
	}
	return driver.ErrOutOfResources
}

// check turns a VkResult into an error naming the call; positive results
// (VK_INCOMPLETE, ...) are not errors.
func check(call string, r uintptr) error {
	if res := vkResult(int32(r)); res < 0 {
		return &vkError{Call: call, Result: res}
	}
	return nil
}

// call calls a Vulkan function pointer. Pointers passed as
// uintptr(unsafe.Pointer(p)), spelled so in the call expression itself,
// are moved to the heap and kept alive for the call (uintptrescapes);
// a pointer converted anywhere else could be left pointing into a stack
// that moved.
//
//go:uintptrescapes
func call(fn uintptr, args ...uintptr) uintptr {
	r, _, _ := purego.SyscallN(fn, args...)
	return r
}

// cstr is a NUL-terminated copy of s.
func cstr(s string) *byte {
	b := append([]byte(s), 0)
	return &b[0]
}

// gostr reads a NUL-terminated string out of a fixed array.
func gostr(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

// The loader and the global and instance-level entry points.
var (
	loadOnce  sync.Once
	loadErr   error
	libvulkan uintptr

	vkGetInstanceProcAddr uintptr
)

func loadLibrary() error {
	loadOnce.Do(func() {
		var err error
		libvulkan, err = dynlib.Open(dynlib.Vulkan)
		if err != nil {
			loadErr = fmt.Errorf("%w: %v", ErrNoLoader, err)
			return
		}
		vkGetInstanceProcAddr, err = dynlib.Sym(libvulkan, "vkGetInstanceProcAddr")
		if err != nil {
			loadErr = fmt.Errorf("%w: %v", ErrNoLoader, err)
		}
	})
	return loadErr
}

// instanceProc returns the named entry point of instance (0 for the global
// ones), or 0 when the loader lacks it.
func instanceProc(instance uintptr, name string) uintptr {
	n := cstr(name)
	return call(vkGetInstanceProcAddr, instance, uintptr(unsafe.Pointer(n)))
}

// procTable fills the uintptr fields named in names from get; a missing
// required entry point is an error.
func procTable(get func(string) uintptr, entries map[string]*uintptr, optional map[string]bool) error {
	for name, p := range entries {
		*p = get(name)
		if *p == 0 && !optional[name] {
			return fmt.Errorf("vulkan: the loader has no %s: %w", name, driver.ErrUnsupported)
		}
	}
	return nil
}
