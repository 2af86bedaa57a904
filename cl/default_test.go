package cl

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestDefaultRank: Vulkan GPUs first (discrete, then the bigger), then the
// host device, then a Vulkan device on the CPU (lavapipe).
func TestDefaultRank(t *testing.T) {
	dev := func(drv string, typ DeviceType, unified bool, cus, mhz uint32) *Device {
		return &Device{drv: drv, info: DeviceInfo{DeviceInfo: driver.DeviceInfo{Name: drv, Type: typ, UnifiedMemory: unified, ComputeUnits: cus, MaxClockMHz: mhz}}}
	}
	lavapipe := dev("vulkan", DeviceTypeCPU, true, 2, 0)
	host := dev("host", DeviceTypeCPU, true, 2, 0)
	igpu := dev("vulkan", DeviceTypeGPU, true, 96, 1300)
	small := dev("vulkan", DeviceTypeGPU, false, 20, 1500)
	big := dev("vulkan", DeviceTypeGPU, false, 132, 1980)
	got := []*Device{lavapipe, small, host, big, igpu}
	slices.SortFunc(got, func(a, b *Device) int { return cmp.Compare(b.rank(), a.rank()) })
	want := []*Device{big, small, igpu, host, lavapipe}
	if !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}

// TestDefault picks a device and makes a working queue; DefaultFor picks by
// driver or device name, and names the devices there are when none
// matches.
func TestDefault(t *testing.T) {
	c, q, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if q.Context() != c || len(c.Devices()) != 1 || c.Devices()[0] != q.Device() {
		t.Fatalf("queue %v of context %v", q.Device(), c.Devices())
	}
	if q.Device().Info().Type&DeviceTypeGPU == 0 && q.Device().DriverName() != "host" {
		t.Errorf("Default chose %v without a GPU: want the host device", q.Device())
	}
	q.Release()
	c.Release()

	c, q, err = DefaultFor("HOST")
	if err != nil || q.Device().DriverName() != "host" {
		t.Fatalf("DefaultFor(HOST): %v %v", q, err)
	}
	q.Release()
	c.Release()

	_, _, err = DefaultFor("no such device")
	if !errors.Is(err, ErrDeviceNotFound) || !strings.Contains(err.Error(), "host: ") {
		t.Fatalf("DefaultFor(no such device): %v", err)
	}

	devs, _ := Devices()
	for _, d := range devs {
		if d.DriverName() != "vulkan" {
			continue
		}
		c, q, err := DefaultFor("vulkan")
		if err != nil || q.Device().DriverName() != "vulkan" {
			t.Fatalf("DefaultFor(vulkan): %v", err)
		}
		q.Release()
		c.Release()
		// A part of the device's name picks it too.
		part := strings.Fields(d.Name())[0]
		c, q, err = DefaultFor(part)
		if err != nil || q.Device() != d {
			t.Fatalf("DefaultFor(%q): %v %v", part, q, err)
		}
		q.Release()
		c.Release()
		break
	}
}
