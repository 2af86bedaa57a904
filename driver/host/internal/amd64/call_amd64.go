//go:build amd64 && !purego

package amd64

import "unsafe"

// Call runs generated code at code (from (*Code).Addr, or that plus a
// label's offset) with ctx in RDI and returns its RAX. The package comment
// lists the rules the code must follow. ctx, and whatever the code reaches
// through it, must stay alive until Call returns (the Go heap does not move
// objects, and the goroutine's stack cannot move while the code runs).
//
//go:noescape
func Call(code uintptr, ctx unsafe.Pointer) uint64

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
func xgetbv() (eax uint32)

// HasAVX2FMA says the CPU has AVX2 and FMA and the OS saves the ymm
// registers: what code from this package's encoder needs.
func HasAVX2FMA() bool { return hasAVX2FMA }

var hasAVX2FMA = detect()

// HasLZCNT says the CPU has POPCNT, LZCNT and TZCNT (ABM and BMI1).
func HasLZCNT() bool { return hasLZCNT }

var hasLZCNT = detectLZCNT()

// HasAVX512VL says the CPU has AVX512F and AVX512VL and the OS saves the
// opmask and zmm state (XCR0 bits 5-7): the EVEX forms (evex.go) and
// Y16-Y31 work.
func HasAVX512VL() bool { return hasAVX512VL }

var hasAVX512VL = hasAVX2FMA && detectAVX512VL()

func detectAVX512VL() bool {
	const avx512f, avx512vl = 1 << 16, 1 << 31
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&avx512f != 0 && ebx7&avx512vl != 0 && xgetbv()&0xe6 == 0xe6
}

func detectLZCNT() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	maxExt, _, _, _ := cpuid(0x80000000, 0)
	max, _, _, _ := cpuid(0, 0)
	if ecx1&(1<<23) == 0 || maxExt < 0x80000001 || max < 7 {
		return false
	}
	_, _, ecxExt, _ := cpuid(0x80000001, 0)
	_, ebx7, _, _ := cpuid(7, 0)
	return ecxExt&(1<<5) != 0 && ebx7&(1<<3) != 0 // LZCNT (ABM), BMI1 (TZCNT)
}

func detect() bool {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const fma, osxsave, avx = 1 << 12, 1 << 27, 1 << 28
	if ecx1&fma == 0 || ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xgetbv()&6 != 6 { // the OS saves xmm and ymm state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0 // AVX2
}
