//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package host

import "math"

// f32row reads the float32 in the low word of a row slot.
func f32row(x *uint64) float32 { return math.Float32frombits(uint32(*x)) }
