package vulkan

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/internal/dynlib"
)

// CL_DEVICE_MAX_CLOCK_FREQUENCY. Vulkan has no query for a device's
// clock, so it comes from where the system tells it, found through the
// device's PCI address (VK_EXT_pci_bus_info):
//   - NVIDIA: the management library the driver installs (NVML,
//     libnvidia-ml.so.1), nvmlDeviceGetMaxClockInfo for the SM clock: what
//     NVIDIA's OpenCL reports (1980 MHz on an H100);
//   - AMD (amdgpu) on Linux: the highest level of pp_dpm_sclk in sysfs;
//   - Intel (i915, xe) on Linux: gt_max_freq_mhz or the xe tile's max_freq
//     under the device's DRM card in sysfs;
//   - CPU devices (lavapipe) on Linux: the CPU's cpuinfo_max_freq, or
//     the clock in /proc/cpuinfo.
//
// Where none answers, defaultClockMHz: a placeholder, not a measurement.

// defaultClockMHz is reported when nothing tells the clock.
const defaultClockMHz = 1000

const sTypePCIBusInfoProperties = 1000212000

// VkPhysicalDevicePCIBusInfoPropertiesEXT
type vkPCIBusInfoProperties struct {
	sType                                     uint32
	pNext                                     unsafe.Pointer
	pciDomain, pciBus, pciDevice, pciFunction uint32
}

// chain links the struct behind *tail when the device has the extension.
func (b *vkPCIBusInfoProperties) chain(p *physical, tail *unsafe.Pointer) *unsafe.Pointer {
	if !p.exts["VK_EXT_pci_bus_info"] {
		return tail
	}
	b.sType = sTypePCIBusInfoProperties
	*tail = unsafe.Pointer(b)
	return &b.pNext
}

// pciAddress is the device's PCI address as sysfs and NVML spell it
// ("0000:65:00.0"), or "".
func (p *physical) pciAddress() string {
	b := &p.pci
	if b.sType == 0 {
		return ""
	}
	return fmt.Sprintf("%04x:%02x:%02x.%x", b.pciDomain, b.pciBus, b.pciDevice, b.pciFunction)
}

// maxClockMHz is the device's highest clock in MHz, or defaultClockMHz.
func (p *physical) maxClockMHz() uint32 {
	if p.props.deviceType == physicalDeviceTypeCPU {
		if mhz := cpuMaxMHz(); mhz > 0 {
			return mhz
		}
		return defaultClockMHz
	}
	addr := p.pciAddress()
	if addr == "" {
		return defaultClockMHz
	}
	var mhz uint32
	switch p.props.vendorID {
	case 0x10de:
		mhz = nvmlMaxClockMHz(addr)
	case 0x1002:
		mhz = amdMaxClockMHz(addr)
	case 0x8086:
		mhz = intelMaxClockMHz(addr)
	}
	if mhz == 0 {
		return defaultClockMHz
	}
	return mhz
}

// NVML, loaded once per process; clocks by PCI address.
var (
	nvmlOnce   sync.Once
	nvmlClocks = map[string]uint32{}
	nvmlMu     sync.Mutex
	nvml       struct {
		handleByPCI, maxClock uintptr
	}
)

var nvmlLibrary = dynlib.Library{
	Name:    "NVIDIA's management library",
	ByGOOS:  map[string][]string{"windows": {"nvml.dll"}},
	Default: []string{"libnvidia-ml.so.1"},
}

// nvmlMaxClockMHz asks NVML for the SM clock's maximum of the GPU at PCI
// address addr; 0 when it cannot tell.
func nvmlMaxClockMHz(addr string) uint32 {
	nvmlOnce.Do(func() {
		lib, err := dynlib.Open(nvmlLibrary)
		if err != nil {
			return
		}
		nvmlInit, err1 := dynlib.Sym(lib, "nvmlInit_v2")
		byPCI, err2 := dynlib.Sym(lib, "nvmlDeviceGetHandleByPciBusId_v2")
		maxClock, err3 := dynlib.Sym(lib, "nvmlDeviceGetMaxClockInfo")
		if err1 != nil || err2 != nil || err3 != nil || call(nvmlInit) != 0 {
			return
		}
		// NVML stays initialized for the process: the calls are few.
		nvml.handleByPCI, nvml.maxClock = byPCI, maxClock
	})
	if nvml.maxClock == 0 {
		return 0
	}
	nvmlMu.Lock()
	defer nvmlMu.Unlock()
	if mhz, ok := nvmlClocks[addr]; ok {
		return mhz
	}
	const clockSM = 1 // NVML_CLOCK_SM
	var dev uintptr
	var mhz uint32
	id := cstr(addr)
	if call(nvml.handleByPCI, uintptr(unsafe.Pointer(id)), uintptr(unsafe.Pointer(&dev))) == 0 {
		if call(nvml.maxClock, dev, clockSM, uintptr(unsafe.Pointer(&mhz))) != 0 {
			mhz = 0
		}
	}
	nvmlClocks[addr] = mhz
	return mhz
}

// amdMaxClockMHz reads amdgpu's shader clock levels ("1: 2100Mhz *").
func amdMaxClockMHz(addr string) uint32 {
	data, err := os.ReadFile(filepath.Join("/sys/bus/pci/devices", addr, "pp_dpm_sclk"))
	if err != nil {
		return 0
	}
	return maxDPMLevel(data)
}

// maxDPMLevel is the highest clock of an amdgpu pp_dpm_* file.
func maxDPMLevel(data []byte) uint32 {
	var best uint32
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		v := strings.TrimSuffix(strings.ToLower(f[1]), "mhz")
		if n, err := strconv.ParseUint(v, 10, 32); err == nil && uint32(n) > best {
			best = uint32(n)
		}
	}
	return best
}

// intelMaxClockMHz reads i915's gt_max_freq_mhz or xe's max_freq of the
// device's DRM card.
func intelMaxClockMHz(addr string) uint32 {
	cards, _ := filepath.Glob(filepath.Join("/sys/bus/pci/devices", addr, "drm", "card*"))
	for _, c := range cards {
		for _, f := range []string{"gt_max_freq_mhz", "device/tile0/gt0/freq0/max_freq"} {
			if mhz := readUint(filepath.Join(c, f)); mhz > 0 {
				return uint32(mhz)
			}
		}
	}
	return 0
}

// cpuMaxMHz is the first CPU's highest frequency (cpufreq), else the
// clock /proc/cpuinfo gives (a virtual machine's nominal one), or 0.
func cpuMaxMHz() uint32 {
	if khz := readUint("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"); khz > 0 {
		return uint32(khz / 1000)
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return 0
	}
	return cpuinfoMHz(data)
}

// cpuinfoMHz is the first "cpu MHz" of /proc/cpuinfo, rounded.
func cpuinfoMHz(data []byte) uint32 {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "cpu MHz" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f > 0 {
				return uint32(f + 0.5)
			}
		}
	}
	return 0
}

// readUint reads a file holding one decimal number; 0 when it cannot.
func readUint(path string) uint64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		return 0
	}
	return n
}
