//go:build amd64 && !purego

package amd64

import (
	"sync"
	"unsafe"
)

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

// The CPU's features are read on first use, not at start-up: CPUID traps
// to the hypervisor in a virtual machine (10-40 µs each on the
// development VM), and every clgo process, clgo compile included, links
// this package. Each leaf is read once.

// HasAVX2FMA says the CPU has AVX2 and FMA and the OS saves the ymm
// registers: what code from this package's encoder needs.
func HasAVX2FMA() bool { return features().avx2FMA }

// HasLZCNT says the CPU has POPCNT, LZCNT and TZCNT (ABM and BMI1).
func HasLZCNT() bool { return features().lzcnt }

// HasAVX512VL says the CPU has AVX512F and AVX512VL and the OS saves the
// opmask and zmm state (XCR0 bits 5-7): the EVEX forms (evex.go) and
// Y16-Y31 work.
func HasAVX512VL() bool { return features().avx512VL }

// HasF16C says the CPU has the F16C conversions (VCVTPH2PS, VCVTPS2PH);
// code with them needs HasAVX2FMA too.
func HasF16C() bool { return features().f16c }

type cpuFeatures struct{ avx2FMA, lzcnt, avx512VL, f16c bool }

var features = sync.OnceValue(detect)

func detect() cpuFeatures {
	var f cpuFeatures
	max, _, _, _ := cpuid(0, 0)
	_, _, ecx1, _ := cpuid(1, 0)
	f.f16c = ecx1&(1<<29) != 0
	if max < 7 {
		return f
	}
	_, ebx7, _, _ := cpuid(7, 0)
	maxExt, _, _, _ := cpuid(0x80000000, 0)
	if ecx1&(1<<23) != 0 && maxExt >= 0x80000001 {
		_, _, ecxExt, _ := cpuid(0x80000001, 0)
		f.lzcnt = ecxExt&(1<<5) != 0 && ebx7&(1<<3) != 0 // LZCNT (ABM), BMI1 (TZCNT)
	}
	const fma, osxsave, avx = 1 << 12, 1 << 27, 1 << 28
	xcr0 := uint32(0)
	if ecx1&osxsave != 0 {
		xcr0 = xgetbv()
	}
	// AVX2 and FMA, and the OS saves xmm and ymm state.
	f.avx2FMA = ecx1&fma != 0 && ecx1&avx != 0 && ecx1&osxsave != 0 && xcr0&6 == 6 && ebx7&(1<<5) != 0
	const avx512f, avx512vl = 1 << 16, 1 << 31
	f.avx512VL = f.avx2FMA && ebx7&avx512f != 0 && ebx7&avx512vl != 0 && xcr0&0xe6 == 0xe6
	return f
}
