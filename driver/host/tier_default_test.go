package host_test

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
)

// TestDefaultTier: with CLGO_HOST_TIER unset a kernel runs as native code
// where it compiles (on a CPU with AVX2 and FMA), an op without native
// code included (native_exp: a call-out, package jit's callout.go, where
// jit used to refuse the kernel); CLGO_HOST_TIER=lanes, or its old name
// interp, forces the Go executor.
func TestDefaultTier(t *testing.T) {
	prep := func(src string) *host.Kernel {
		t.Helper()
		res, err := compiler.Compile(src, compiler.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		m, err := host.Decode(res.SPIRV)
		if err != nil {
			t.Fatal(err)
		}
		k, err := m.Prepare("k", map[uint32]uint64{0: 8, 1: 1, 2: 1})
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	const plain = "kernel void k(global float *a) { size_t i = get_global_id(0); a[i] = a[i] * 2 + 1; }"
	const callout = "kernel void k(global float *a) { size_t i = get_global_id(0); a[i] = native_exp(a[i]); }"
	setTier(t, "")
	if k := prep(plain); k.OnNative() != host.NativeOK() {
		t.Errorf("default tier: native %v, want %v (the CPU's AVX2 and FMA)", k.OnNative(), host.NativeOK())
	}
	if k := prep(callout); k.OnNative() != host.NativeOK() {
		t.Errorf("default tier: a kernel with a call-out: native %v, want %v", k.OnNative(), host.NativeOK())
	}
	for _, tier := range []string{"lanes", "interp"} {
		setTier(t, tier)
		if k := prep(plain); k.OnNative() {
			t.Errorf("CLGO_HOST_TIER=%s: the kernel runs native code", tier)
		}
	}
	setTier(t, "native")
	if k := prep(callout); k.OnNative() != host.NativeOK() {
		t.Errorf("CLGO_HOST_TIER=native: a kernel with a call-out: native %v; want %v", k.OnNative(), host.NativeOK())
	}
	setTier(t, "jit")
	res, _ := compiler.Compile(plain, compiler.DefaultOptions())
	m, _ := host.Decode(res.SPIRV)
	if _, err := m.Prepare("k", nil); err == nil || !strings.Contains(err.Error(), `CLGO_HOST_TIER="jit": want lanes (or interp) or native`) {
		t.Errorf("CLGO_HOST_TIER=jit: %v", err)
	}
}

// TestNativeYieldEveryBackEdge runs the shared and crypto kernels as
// native code that yields at every backward jump (resuming at the loop
// head each time) and on the Go executor: the buffers must agree.
func TestNativeYieldEveryBackEdge(t *testing.T) {
	if !host.NativeOK() {
		t.Skip("no native tier on this CPU")
	}
	if testing.Short() {
		t.Skip("a yield at every back edge: tens of seconds")
	}
	old := host.SetNativeYieldBudget(1)
	defer host.SetNativeYieldBudget(old)
	before := host.NativeYields()
	diffKernels(t, nativeTier)
	if host.NativeYields() == before {
		t.Errorf("no call of native code yielded")
	}
}
