package host

import (
	"runtime"

	"github.com/clgo/clgo/driver/host/internal/jit"
)

// SetNativeYieldBudget sets the backward jumps native code runs between
// yields and returns the previous budget; NativeYields counts the calls
// that yielded.
func SetNativeYieldBudget(n int64) int64 { return jit.SetYieldBudget(n) }

// NativeYields returns the number of calls of native code that yielded.
func NativeYields() int64 { return jit.Yields() }

// NEONTier reports whether the native tier here is the arm64 back end
// (NEON code: no native image code, call-outs inside loops refused).
func NEONTier() bool { return NativeOK() && runtime.GOARCH == "arm64" }

// NativeOK reports whether this CPU runs the native tier.
func NativeOK() bool { return nativeCompile != nil && jit.Available() }
