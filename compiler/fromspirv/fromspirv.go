// Package fromspirv translates OpenCL-flavoured SPIR-V (the Kernel
// capability, Physical32 or Physical64 addressing, the OpenCL.std extended
// instructions, as the SPIR-V LLVM translator and LLVM's SPIR-V backend
// emit) into OpenCL C, which clgo's compiler then builds for any device
// like source. clCreateProgramWithIL takes such modules through it.
//
// Contract (docs/hosttier.md's sibling for IL programs): the translation is
// done at build time, with the specialization constants set by then.
package fromspirv

import "errors"

// IsKernel reports whether words (a SPIR-V module in host word order) is
// OpenCL-flavoured: it declares the Kernel capability.
func IsKernel(words []uint32) bool {
	const opCapability, capKernel = 17, 6
	for i := 5; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		if n == 0 {
			return false
		}
		if op == opCapability && i+1 < len(words) && words[i+1] == capKernel {
			return true
		}
		if op != opCapability && op != 10 && op != 11 && op != 14 && op != 15 && op != 16 && op != 3 && op != 7 {
			return false // past the preamble
		}
		i += n
	}
	return false
}

// Options are the values fixed at build time.
type Options struct {
	// Spec holds the values set by clSetProgramSpecializationConstant, by
	// SpecId: the constant's bytes, little-endian, of its type's size.
	Spec map[uint32][]byte
}

// Result is a translated module.
type Result struct {
	// Source is OpenCL C for the compiler, to be built with Options.
	Source string
	// Options are compiler options the source needs (e.g. "-cl-std=CL3.0").
	Options []string
	// SpecIDs maps every SpecId the module declares to its size in bytes.
	SpecIDs map[uint32]int
	// Exports and Imports name the functions and variables with
	// LinkageAttributes (Export / Import), for clCompileProgram and
	// clLinkProgram.
	Exports, Imports []string
	// Entries are the kernels (OpEntryPoint Kernel), in module order.
	Entries []string
}

// ErrNotImplemented is returned until the translator lands.
var ErrNotImplemented = errors.New("fromspirv: OpenCL-flavoured SPIR-V is not translated yet")

// Translate turns an OpenCL-flavoured module into OpenCL C.
func Translate(words []uint32, opts Options) (*Result, error) {
	return nil, ErrNotImplemented
}
