package cl

// Physical addressing (docs/physical.md §7): on devices whose driver has
// Caps.PhysicalAddresses, programs are built with 64-bit pointers
// (-arch=spir64) and Auto addressing, CL_DEVICE_ADDRESS_BITS is 64, and a
// kernel of a physical module is given the SVM allocations it may reach
// through pointers held in memory (svm_residents.go).

import (
	"strings"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/config"
)

// physicalAddressingReady turns physicalAddressing on: on by default,
// off with CLGO_PHYSICAL=0 (32-bit size_t and pointers, logical addressing
// only, as before physical addressing existed). Tests flip it.
var physicalAddressingReady = config.Get(config.Physical) != "0"

// physicalAddressing reports whether d's programs are built with 64-bit
// pointers and Auto addressing, and d reports CL_DEVICE_ADDRESS_BITS 64.
func (d *Device) physicalAddressing() bool {
	return physicalAddressingReady && d.dev.Info().Caps.PhysicalAddresses
}

// physicalBuildOptions are the build options physicalAddressing adds
// before the application's, which may override them;
// -physical-storage-buffers=auto is set in compiler.Options
// (physicalOptions) since the application may ask for
// -physical-storage-buffers.
const physicalBuildOptions = "-arch=spir64"

// withPhysicalOptions returns options as compiled for d.
func withPhysicalOptions(options string, d *Device) string {
	if !d.physicalAddressing() {
		return options
	}
	return strings.TrimSpace(physicalBuildOptions + " " + options)
}

// physicalOptions sets opts.Addressing for d: Auto unless the options
// asked for physical addressing.
func physicalOptions(opts *compiler.Options, d *Device) {
	if d.physicalAddressing() && opts.Addressing == compiler.AddressingLogical {
		opts.Addressing = compiler.AddressingAuto
	}
}
