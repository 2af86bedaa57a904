package cl

import (
	"cmp"
	"slices"
	"strings"
)

// Default returns a context on the best device of the clgo platform and an
// in-order queue on it: the one call a program needs before building
// kernels.
//
// The best device is a Vulkan GPU (a discrete one before one sharing
// memory with the host, then the one with the most compute units times
// clock), else the host device, which is always there. Vulkan devices
// that run on the CPU (lavapipe) are not chosen unless asked for by
// DefaultFor: the host device runs every kernel as written, while
// lavapipe leaves loops after 65535 passes.
//
// If the best device's queue cannot be made, the next device is tried.
// The caller releases the queue and the context when done.
func Default() (*Context, *Queue, error) { return DefaultFor("") }

// DefaultFor is Default on the devices named by name: a driver's name
// ("host", "vulkan"), or else a part of a device's name ("llvmpipe",
// "NVIDIA"), case-insensitively. An empty name is every device. No match
// is ErrDeviceNotFound, with the devices there are.
func DefaultFor(name string) (*Context, *Queue, error) {
	all, err := Devices()
	if err != nil {
		return nil, nil, err
	}
	devs := slices.Clone(all)
	if name != "" {
		devs = slices.DeleteFunc(devs, func(d *Device) bool {
			return !strings.EqualFold(d.drv, name) && !strings.Contains(strings.ToLower(d.info.Name), strings.ToLower(name))
		})
	}
	if len(devs) == 0 {
		names := make([]string, len(all))
		for i, d := range all {
			names[i] = d.String()
		}
		return nil, nil, errorf(ErrDeviceNotFound, "cl.DefaultFor(%q): no device matches (there are: %s)", name, strings.Join(names, "; "))
	}
	// Best first; a device whose queue cannot be made (a Vulkan device
	// that fails to open) gives way to the next.
	slices.SortStableFunc(devs, func(a, b *Device) int { return cmp.Compare(b.rank(), a.rank()) })
	var first error
	for _, dev := range devs {
		c, q, err := contextAndQueue(dev)
		if err == nil {
			return c, q, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, nil, first
}

func contextAndQueue(dev *Device) (*Context, *Queue, error) {
	c, err := CreateContext(dev)
	if err != nil {
		return nil, nil, err
	}
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		c.Release()
		return nil, nil, err
	}
	return c, q, nil
}

// rank orders devices for Default: Vulkan GPUs (discrete, then by compute
// units times clock), then the host device, then the rest.
func (d *Device) rank() uint64 {
	switch {
	case d.drv == "vulkan" && d.info.Type&DeviceTypeGPU != 0:
		r := uint64(3) << 60
		if !d.info.UnifiedMemory {
			r += 1 << 59
		}
		return r + min(uint64(d.info.ComputeUnits)*uint64(max(d.info.MaxClockMHz, 1)), 1<<58)
	case d.drv == "host":
		return 2 << 60
	}
	return 1 << 60
}
