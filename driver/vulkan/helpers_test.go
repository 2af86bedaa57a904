package vulkan

import (
	"errors"
	"os"
	"sync"
	"testing"

	"github.com/clgo/clgo/driver"
)

// testDevice returns the first Vulkan device (lavapipe in CI), skipping
// the test when there is none, unless CI=true.
func testDevice(t testing.TB) *Device {
	t.Helper()
	if os.Getenv("VK_ICD_FILENAMES") == "" && os.Getenv("VK_DRIVER_FILES") == "" {
		if _, err := os.Stat(lavapipeICD); err == nil {
			os.Setenv("VK_ICD_FILENAMES", lavapipeICD)
		}
	}
	devs, err := Driver{}.Devices()
	if err != nil || len(devs) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Vulkan device under CI: %v", err)
		}
		t.Skipf("no Vulkan device: %v", err)
	}
	d := devs[0].(*Device)
	if os.Getenv(validationChildEnv) == "discrete" {
		// Before the device opens: the child process of
		// TestValidationLayer runs the discrete-GPU paths.
		asDiscreteOnce.Do(func() { d.asDiscrete, d.noPushDescriptors = true, true })
	}
	return d
}

var asDiscreteOnce sync.Once

const lavapipeICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

func mustQueue(t testing.TB, d *Device, profiling bool) driver.Queue {
	t.Helper()
	q, err := d.NewQueue(driver.QueueOptions{Profiling: profiling})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func mustBuffer(t testing.TB, d *Device, size uint64) driver.Buffer {
	t.Helper()
	b, err := d.NewBuffer(size)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func wait(t testing.TB, ev driver.Event, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
}

var errorsIs = errors.Is
