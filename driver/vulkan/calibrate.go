package vulkan

import (
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Device timestamps onto the host clock of driver.Now. With
// VK_KHR_calibrated_timestamps (or its EXT form) the driver reads the
// device's timestamp counter on the host: one reading between two host
// clock readings pins the two clocks together to within half their
// distance (a microsecond or less). Without it, a batch's last timestamp is
// taken to be "just before the host saw the fence signalled", which puts
// every time of the batch late by however long the host took to notice:
// clpeak's kernel launch latency (CL_PROFILING_COMMAND_START minus
// CL_PROFILING_COMMAND_QUEUED) counted that delay as latency.

const (
	sTypeCalibratedTimestampInfo = 1000184000
	timeDomainDevice             = 0
	// calibrationAge is how long a calibration is used before it is
	// taken again: the two clocks drift apart by tens of parts per
	// million, so 10 ms keeps the error under a microsecond.
	calibrationAge = 10_000_000 // ns
)

type vkCalibratedTimestampInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	timeDomain uint32
}

// deviceClock maps device timestamps onto driver.Now.
type deviceClock struct {
	l  *logical
	fn uintptr // vkGetCalibratedTimestampsKHR or ...EXT; 0 without

	mu      sync.Mutex
	devTick uint64 // a device timestamp ...
	hostNs  uint64 // ... and the host time it was read at
	ok      bool
}

// calibratedTimestampsExt names the extension the device has, or "".
func calibratedTimestampsExt(p *physical) string {
	for _, name := range []string{"VK_KHR_calibrated_timestamps", "VK_EXT_calibrated_timestamps"} {
		if p.exts[name] && p.hasTimeDomainDevice(name) {
			return name
		}
	}
	return ""
}

// hasTimeDomainDevice reports whether the device's calibrateable time
// domains include its own timestamp counter.
func (p *physical) hasTimeDomainDevice(ext string) bool {
	name := "vkGetPhysicalDeviceCalibrateableTimeDomainsKHR"
	if ext == "VK_EXT_calibrated_timestamps" {
		name = "vkGetPhysicalDeviceCalibrateableTimeDomainsEXT"
	}
	fn := instanceProc(p.inst.handle, name)
	if fn == 0 {
		return false
	}
	var n uint32
	if check(name, call(fn, p.handle, uintptr(unsafe.Pointer(&n)), 0)) != nil || n == 0 {
		return false
	}
	domains := make([]uint32, n)
	if check(name, call(fn, p.handle, uintptr(unsafe.Pointer(&n)), uintptr(unsafe.Pointer(&domains[0])))) != nil {
		return false
	}
	for _, d := range domains[:n] {
		if d == timeDomainDevice {
			return true
		}
	}
	return false
}

// newDeviceClock fetches the calibration entry point of an enabled
// extension (ext "" for none) and calibrates once.
func newDeviceClock(l *logical, ext string, get func(string) uintptr) *deviceClock {
	c := &deviceClock{l: l}
	switch ext {
	case "VK_KHR_calibrated_timestamps":
		c.fn = get("vkGetCalibratedTimestampsKHR")
	case "VK_EXT_calibrated_timestamps":
		c.fn = get("vkGetCalibratedTimestampsEXT")
	}
	c.calibrate()
	return c
}

// calibrate reads the device counter between two host clock readings,
// a few times, and keeps the closest pair.
func (c *deviceClock) calibrate() {
	if c.fn == 0 {
		return
	}
	info := &vkCalibratedTimestampInfo{sType: sTypeCalibratedTimestampInfo, timeDomain: timeDomainDevice}
	var deviation, dev, bestHost, bestWidth uint64
	found := false
	for range 4 {
		var dev64 uint64
		t0 := driver.Now()
		r := call(c.fn, c.l.handle, 1, uintptr(unsafe.Pointer(info)), uintptr(unsafe.Pointer(&dev64)), uintptr(unsafe.Pointer(&deviation)))
		t1 := driver.Now()
		if check("vkGetCalibratedTimestamps", r) != nil {
			break
		}
		if !found || t1-t0 < bestWidth {
			found, dev, bestHost, bestWidth = true, dev64, t0+(t1-t0)/2, t1-t0
		}
	}
	c.mu.Lock()
	if found {
		c.devTick, c.hostNs, c.ok = dev, bestHost, true
	}
	c.mu.Unlock()
}

// stale reports whether the calibration is older than calibrationAge
// (always false without the extension).
func (c *deviceClock) stale() bool {
	if c.fn == 0 {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.ok || driver.Now()-c.hostNs > calibrationAge
}

// mapping returns the calibration: device timestamp devTick was read at
// host time hostNs, so tick t is at hostNs + (t - devTick) * period; ok is
// false without one.
func (c *deviceClock) mapping() (devTick, hostNs uint64, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.devTick, c.hostNs, c.ok
}
