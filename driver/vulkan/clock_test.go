package vulkan

import "testing"

func TestClockSources(t *testing.T) {
	if got := maxDPMLevel([]byte("0: 500Mhz\n1: 1800Mhz *\n2: 2100Mhz\n")); got != 2100 {
		t.Errorf("pp_dpm_sclk: %d MHz, want 2100", got)
	}
	if got := cpuinfoMHz([]byte("processor\t: 0\ncpu family\t: 6\ncpu MHz\t\t: 2299.998\ncache size\t: 1 KB\n")); got != 2300 {
		t.Errorf("cpuinfo: %d MHz, want 2300", got)
	}
	p := &physical{pci: vkPCIBusInfoProperties{sType: sTypePCIBusInfoProperties, pciBus: 0x65, pciDevice: 1, pciFunction: 0}}
	if got := p.pciAddress(); got != "0000:65:01.0" {
		t.Errorf("PCI address %q", got)
	}
	d := testDevice(t)
	t.Logf("%s: %d MHz, %d compute units, PCI %q", d.info.Name, d.info.MaxClockMHz, d.info.ComputeUnits, d.phys.pciAddress())
	if d.info.MaxClockMHz == 0 {
		t.Error("no clock")
	}
}
