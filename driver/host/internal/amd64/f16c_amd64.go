//go:build amd64 && !purego

package amd64

// HasF16C says the CPU has the F16C conversions (VCVTPH2PS, VCVTPS2PH);
// code with them needs HasAVX2FMA too.
func HasF16C() bool { return hasF16C }

var hasF16C = detectF16C()

func detectF16C() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	return ecx1&(1<<29) != 0
}
