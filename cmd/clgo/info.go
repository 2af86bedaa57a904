//go:build !clgo_compile_only

package main

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/internal/refcl"
)

func init() {
	register(&command{
		name:    "info",
		usage:   "[-v]",
		summary: "list the clgo platform's devices and the system's OpenCL platforms",
		help: `Lists the clgo platform's devices (the host CPU driver, and each Vulkan
device) with their index, which --device takes elsewhere, then the OpenCL
platforms the system's ICD loader finds (the references of check and bench).

Examples:
  clgo info
  clgo info -v       # every property of every device`,
		run: infoCmd,
	})
}

func infoCmd(args []string) error {
	fs := newFlagSet("info")
	verbose := fs.Bool("v", false, "show every device property; example: -v")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 0 {
		return usagef("no arguments")
	}
	ps, _ := cl.Platforms()
	p := ps[0]
	pi := p.Info()
	fmt.Printf("Platform clgo: %s (%s)\n", pi.Version, pi.Profile)
	devs, err := p.Devices(cl.DeviceTypeAll)
	if err != nil {
		fmt.Printf("  no device: %v\n", err)
	}
	for i, d := range devs {
		di := d.Info()
		fmt.Printf("  Device #%d [%s]: %s (%v, %s)\n", i, d.DriverName(), di.Name, di.Type, di.Vendor)
		if *verbose {
			printClgoDevice(d, di)
			printOpenCLC(d)
		}
	}
	for _, e := range p.DriverErrors() {
		fmt.Printf("  (%v)\n", e)
	}
	rps, err := refcl.Platforms()
	if err != nil {
		fmt.Printf("System OpenCL: %v\n", err)
		return nil
	}
	for i, rp := range rps {
		fmt.Printf("Platform #%d: %s (%s, %s)\n", i, rp.Name, rp.Vendor, rp.Version)
		rds, err := rp.Devices()
		if err != nil {
			fmt.Printf("  error: %v\n", err)
			continue
		}
		for j, d := range rds {
			fmt.Printf("  Device #%d: %s (%s, %s)\n", j, d.Name, d.TypeName(), d.Version)
			if *verbose {
				fmt.Printf("    %-28s %d\n", "compute units", d.ComputeUnits)
				fmt.Printf("    %-28s %d MHz\n", "max clock", d.MaxClockMHz)
				fmt.Printf("    %-28s %d\n", "max work-group size", d.MaxWorkGroupSize)
				fmt.Printf("    %-28s %v\n", "max work-item sizes", d.MaxWorkItemSizes)
				fmt.Printf("    %-28s %s\n", "global memory", mib(d.GlobalMemSize))
				fmt.Printf("    %-28s %s\n", "local memory", kib(d.LocalMemSize))
				fmt.Printf("    %-28s %s\n", "max allocation", mib(d.MaxAllocSize))
				fmt.Printf("    %-28s %s\n", "driver version", d.DriverVersion)
				fmt.Printf("    %-28s %s\n", "OpenCL C", d.CVersion)
				fmt.Printf("    %-28s %s\n", "extensions", wrapWords(d.Extensions))
			}
		}
	}
	return nil
}

func printClgoDevice(d *cl.Device, di cl.DeviceInfo) {
	row := func(k string, v any) { fmt.Printf("    %-28s %v\n", k, v) }
	row("version", di.Version)
	row("OpenCL C", di.OpenCLCVersion)
	row("driver version", di.DriverVersion)
	row("compute units", di.ComputeUnits)
	row("max work-group size", di.MaxWorkGroupSize)
	row("max work-item sizes", di.MaxWorkItemSizes)
	row("global memory", mib(di.GlobalMemSize))
	row("local memory", kib(di.LocalMemSize))
	row("max allocation", mib(di.MaxAllocSize))
	row("max constant buffer", kib(di.MaxConstantBuffer))
	row("unified memory", di.UnifiedMemory)
	c := di.Caps
	row("int8/int16/int64", fmt.Sprintf("%v/%v/%v", c.Int8, c.Int16, c.Int64))
	row("half/double", fmt.Sprintf("%v/%v", c.Float16, c.Float64))
	row("64-bit atomics", c.Atomics64)
	if di.ImageSupport {
		l := di.Images
		row("images", fmt.Sprintf("2D %dx%d, 3D %dx%dx%d, %d layers, %d buffer pixels", l.MaxWidth2D, l.MaxHeight2D,
			l.MaxWidth3D, l.MaxHeight3D, l.MaxDepth3D, l.MaxArraySize, l.MaxBufferSize))
	} else {
		row("images", false)
	}
	row("SVM", d.SVMCapabilities())
	row("IL", cl.ILVersionString())
	row("extensions", wrapWords(di.Extensions))
}

// printOpenCLC lists the OpenCL C versions and optional features of d, as
// CL_DEVICE_OPENCL_C_ALL_VERSIONS and CL_DEVICE_OPENCL_C_FEATURES say.
func printOpenCLC(d *cl.Device) {
	var vs []string
	for _, v := range d.OpenCLCVersions() {
		vs = append(vs, fmt.Sprintf("%d.%d", v/100, v%100/10))
	}
	fmt.Printf("    %-28s %s\n", "OpenCL C versions", strings.Join(vs, " "))
	fmt.Printf("    %-28s %s\n", "OpenCL C features", wrapWords(strings.Join(d.OpenCLCFeatures(), " ")))
}

func mib(n uint64) string { return fmt.Sprintf("%d MiB", n>>20) }
func kib(n uint64) string { return fmt.Sprintf("%d KiB", n>>10) }

func wrapWords(s string) string {
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(s) {
		if line > 0 && line+len(w) > 70 {
			b.WriteString("\n" + strings.Repeat(" ", 33))
			line = 0
		} else if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}
