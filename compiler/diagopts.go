package compiler

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/types"
)

// newDiags starts a compilation's diagnostics with the warning options
// applied and the warnings option parsing gave (options ignored), so that
// every entry point (Compile, Link, Preprocess) reports them alike.
func (o Options) newDiags() *diag.List {
	l := &diag.List{NoWarnings: o.NoWarnings, WarningsAsErrors: o.WarningsAsErrors}
	l.SetWarningFlags(o.WarningFlags)
	for _, w := range o.OptionWarnings {
		l.Warnf(diag.Pos{}, "%s", w)
	}
	return l
}

// typesConfig is the checker's configuration for these options.
func (o Options) typesConfig() *types.Config {
	return &types.Config{AddressBits: o.addressBits(), Std: o.std(), Extensions: o.Features.extensions(),
		Features:        o.Features.OpenCLCFeatures(),
		FastRelaxedMath: o.FastRelaxedMath, SinglePrecisionConstants: o.SinglePrecisionConst}
}

// addressBits is the width of size_t and pointers: 64 under -arch=spir64,
// and by default where global memory may be reached through physical
// addresses (docs/physical.md §1), else 32.
func (o Options) addressBits() int {
	if o.AddressBits == 64 || o.AddressBits == 0 && o.Addressing != AddressingLogical {
		return 64
	}
	return 32
}
