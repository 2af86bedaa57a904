package cl

import (
	"encoding/binary"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/validate"
)

// checkSPIRV validates a module a user hands in with clgo's own validator,
// so that no driver (a Vulkan driver's pipeline compiler above all) ever
// sees malformed SPIR-V. Code that does not start with the SPIR-V magic
// number in either byte order is left to the devices, which reject what
// they cannot decode when the program is built (the ICD accepts only
// SPIR-V and clgo's own binary format). The kernel interface is read too:
// its numbers size the runtime's tables (spirv.ReadReflection bounds them).
func checkSPIRV(code []byte) error {
	if len(code) >= 4 && binary.LittleEndian.Uint32(code) != spirv.MagicNumber && binary.BigEndian.Uint32(code) != spirv.MagicNumber {
		return nil
	}
	m, err := validate.Binary(code)
	if err != nil {
		return err
	}
	_, err = spirv.ReadReflection(m)
	return err
}
