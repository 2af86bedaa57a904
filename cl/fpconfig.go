package cl

// FPConfig is a cl_device_fp_config bit set: what CL_DEVICE_SINGLE_FP_CONFIG
// and CL_DEVICE_DOUBLE_FP_CONFIG report.
type FPConfig uint64

// The FPConfig bits, as CL_FP_* spells them.
const (
	FPDenorm                     FPConfig = 1 << 0 // subnormals are kept
	FPInfNaN                     FPConfig = 1 << 1
	FPRoundToNearest             FPConfig = 1 << 2
	FPRoundToZero                FPConfig = 1 << 3
	FPRoundToInf                 FPConfig = 1 << 4
	FPFMA                        FPConfig = 1 << 5 // fma is one rounding
	FPSoftFloat                  FPConfig = 1 << 6
	FPCorrectlyRoundedDivideSqrt FPConfig = 1 << 7
)

// SingleFPConfig is the device's CL_DEVICE_SINGLE_FP_CONFIG. CL_FP_DENORM
// only where the device keeps float subnormals (driver.Caps
// DenormPreserve32): NVIDIA's Vulkan driver and lavapipe may flush them,
// which OpenCL allows for float (§7.5.3) but then must not be reported.
// CL_FP_FMA where fma is correctly rounded: the device's Fma fuses, or
// the math library's fma computes it (in double).
func (d *Device) SingleFPConfig() FPConfig {
	c := FPInfNaN | FPRoundToNearest
	if d.info.Caps.DenormPreserve32 {
		c |= FPDenorm
	}
	if d.info.Caps.FmaFused || d.info.Caps.Float64 {
		c |= FPFMA
	}
	return c
}

// DoubleFPConfig is the device's CL_DEVICE_DOUBLE_FP_CONFIG, 0 without
// cl_khr_fp64. CL_FP_DENORM is reported only where the device keeps double
// subnormals (DenormPreserve64), although the full profile requires it
// of a device with doubles: a device without it reports the truth.
func (d *Device) DoubleFPConfig() FPConfig {
	if !d.info.Caps.Float64 {
		return 0
	}
	c := FPInfNaN | FPRoundToNearest | FPRoundToZero | FPRoundToInf | FPFMA
	if d.info.Caps.DenormPreserve64 {
		c |= FPDenorm
	}
	return c
}

// HalfFPConfig is the device's CL_DEVICE_HALF_FP_CONFIG, 0 without
// cl_khr_fp16: round to nearest and infinities and NaNs, the minimum the
// extension asks for. Half arithmetic is IEEE binary16 rounded to nearest
// even (docs/fp16.md); CL_FP_DENORM is not claimed (Vulkan may flush half
// subnormals unless shaderDenormPreserveFloat16, which clgo does not ask
// for), nor CL_FP_FMA (a device's half Fma need not be fused).
func (d *Device) HalfFPConfig() FPConfig {
	if !d.info.Caps.Float16 {
		return 0
	}
	return FPInfNaN | FPRoundToNearest
}
