package fmath

// Min and Max are OpenCL's fmin and fmax: the number when one operand is
// a NaN. The NaN tests predict well; the builtins are branchless, which
// matters on unordered data (-0 orders below +0, as IEEE 754-2019
// minimum). They are exact, so float operands are compared in their own
// precision.
func Min[F float32 | float64](a, b F) F {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return min(a, b)
}

// Max is fmax (see Min).
func Max[F float32 | float64](a, b F) F {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return max(a, b)
}
