package opt

import "github.com/clgo/clgo/spirv"

// dropInt64 removes OpCapability Int64 from a module that no longer has a
// 64-bit integer type (Narrow and DCE took the last 64-bit value of a
// kernel whose size_t is 64 bits), so that it runs on devices without
// shaderInt64. Int64Atomics, which implies Int64, keeps it.
func dropInt64(m *spirv.Module) {
	for _, in := range m.Globals {
		if in.Op == spirv.OpTypeInt && in.Operands[0] == 64 {
			return
		}
	}
	for _, in := range m.Capabilities {
		if spirv.Capability(in.Operands[0]) == spirv.CapabilityInt64Atomics {
			return
		}
	}
	out := m.Capabilities[:0]
	for _, in := range m.Capabilities {
		if spirv.Capability(in.Operands[0]) != spirv.CapabilityInt64 {
			out = append(out, in)
		}
	}
	m.Capabilities = out
}
