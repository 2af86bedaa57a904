package jit

import "math"

func f64bits(f float64) uint64 { return math.Float64bits(f) }
