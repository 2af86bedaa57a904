package cl

import "github.com/clgo/clgo/driver"

// Timers (OpenCL 2.1 clGetHostTimer, clGetDeviceAndHostTimer).
//
// Every clgo driver reports profiling timestamps on one clock, driver.Now
// (the host driver reads it; the Vulkan driver maps its device ticks onto
// it when a batch completes), so the device timer and the host timer are
// that clock too: a pair read together is one reading, and a command's
// CL_PROFILING_COMMAND_* times compare directly with both.

// HostTimerResolution is CL_PLATFORM_HOST_TIMER_RESOLUTION in ns.
const HostTimerResolution = 1

// HostTimer is clGetHostTimer: the host clock in ns.
func (d *Device) HostTimer() (uint64, error) {
	if d == nil || d.dev == nil {
		return 0, errorf(ErrInvalidDevice, "clGetHostTimer: invalid device")
	}
	return driver.Now(), nil
}

// DeviceAndHostTimer is clGetDeviceAndHostTimer: the device's clock (the
// one its profiling timestamps use) and the host clock, read together.
func (d *Device) DeviceAndHostTimer() (device, host uint64, err error) {
	if d == nil || d.dev == nil {
		return 0, 0, errorf(ErrInvalidDevice, "clGetDeviceAndHostTimer: invalid device")
	}
	t := driver.Now()
	return t, t, nil
}
