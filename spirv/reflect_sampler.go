package spirv

// Sampler state passed in push constants (docs/images.md): where a kernel
// samples images in its own code, the state of a sampler_t argument (known
// only when the kernel is enqueued) reaches it as a 32-bit push constant.
// The reflection instruction is NonSemantic.ClspvReflection revision 6's
// NormalizedSamplerMaskPushConstant, which Debian's grammar (revision 5,
// the generated tables) lacks; it is added to them here. clspv writes only
// the normalized-coordinates bit there; clgo writes the sampler's whole
// OpenCL C mask (CLK_NORMALIZED_COORDS_TRUE is bit 0 of both).

// ClspvReflectionNormalizedSamplerMaskPushConstant is instruction 41 of
// NonSemantic.ClspvReflection: Kernel, Ordinal, Offset, Size.
const ClspvReflectionNormalizedSamplerMaskPushConstant ClspvReflection = 41

func init() {
	// The table is built on first use (lazy.go): add the instruction then.
	gen := extInstsClspvReflection.make
	extInstsClspvReflection.make = func() map[uint32]ExtInstInfo {
		m := gen()
		m[uint32(ClspvReflectionNormalizedSamplerMaskPushConstant)] = ExtInstInfo{
			Name: "NormalizedSamplerMaskPushConstant",
			Operands: []OperandInfo{{KindIdRef, One, "Kernel"}, {KindIdRef, One, "Ordinal"},
				{KindIdRef, One, "Offset"}, {KindIdRef, One, "Size"}},
		}
		return m
	}
}

// SamplerMask says where the runtime writes the OpenCL C mask of the
// sampler given for sampler argument Ordinal: Size (4) bytes at Offset in
// push constants.
type SamplerMask struct {
	Ordinal      uint32
	Offset, Size uint32
}
