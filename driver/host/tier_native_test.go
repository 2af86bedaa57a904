package host_test

import "testing"

// TestNativeRandomKernels runs the differential test's random kernels
// (kgen_test.go) on native code and on the Go executor: every output word
// must agree bit for bit (a NaN with any NaN). A kernel the native tier
// refuses is counted and its reason logged, not failed.
func TestNativeRandomKernels(t *testing.T) { diffRandom(t, nativeTier) }

// TestNativeSharedAndCrypto runs every shared and crypto kernel as native
// code and on the Go executor: the buffers must agree bit for bit.
func TestNativeSharedAndCrypto(t *testing.T) { diffKernels(t, nativeTier) }

// TestNativeCorpus runs every kernel of the corpus (testdata/kernels) as
// native code and on the Go executor; every buffer must agree bit for
// bit. Kernels native code refuses, and those with images, are counted
// with their reasons, not failed.
func TestNativeCorpus(t *testing.T) { diffCorpus(t, nativeTier) }
