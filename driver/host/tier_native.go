package host

import (
	"github.com/clgo/clgo/driver/host/internal/jit"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The native tier: package jit compiles a lane program to AVX2+FMA code,
// or on arm64 to NEON code (docs/hosttier.md); where it cannot, it says so with an error wrapping
// lanes.ErrUnsupported and the lane tier runs the kernel.
func init() {
	nativeCompile = func(p *lanes.Program) (func() lanes.Runner, error) {
		k, err := jit.Compile(p)
		if err != nil {
			return nil, err
		}
		return k.NewRunner, nil
	}
}
