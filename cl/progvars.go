package cl

import "github.com/clgo/clgo/spirv"

// MaxGlobalVariableSize is the largest program-scope variable a device
// takes (CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, also reported as
// CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE): OpenCL 3.0's minimum,
// 64 KiB, for devices with __opencl_c_program_scope_global_variables.
const MaxGlobalVariableSize = 64 << 10

// GlobalVariableTotalSize returns the bytes of the program-scope __global
// variables of the program built for dev
// (CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE): the size of the buffer
// the device keeps for them, from the binary's reflection
// (spirv.ProgramScopeVariables); 0 when the program has none or is not
// built for dev.
func (p *Program) GlobalVariableTotalSize(dev *Device) uint64 {
	code := p.Binary(dev)
	if code == nil {
		return 0
	}
	m, err := spirv.Decode(code)
	if err != nil {
		return 0
	}
	r, err := spirv.ReadReflection(m)
	if err != nil || r.ProgramScopeVariables == nil {
		return 0
	}
	return uint64(len(r.ProgramScopeVariables.Data))
}
