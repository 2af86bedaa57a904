package host

import (
	"github.com/clgo/clgo/driver/host/internal/jit"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// ForceNativeCallouts makes later native compilations call out every
// lane-IR op whose code and kind force reports true for (nil: none) and
// returns the previous setting; NativeCallouts counts the call-outs run
// so far (package jit's callout.go).
func ForceNativeCallouts(force func(code, kind int) bool) (restore func()) {
	var f func(lanes.Op) bool
	if force != nil {
		f = func(o lanes.Op) bool { return force(int(o.Code), int(o.Kind)) }
	}
	old := jit.SetForceCallout(f)
	return func() { jit.SetForceCallout(old) }
}

// NativeCallouts is the number of call-outs native code has run.
func NativeCallouts() int64 { return jit.Callouts() }
