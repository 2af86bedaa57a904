package compiler

import (
	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/compiler/lower"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// lower lowers the checked program in the addressing mode the options
// ask for. Auto lowers in logical mode first and, only where that mode
// cannot express the module (lower.NeedsPhysical), again in physical
// mode, so that modules which do not need physical addresses are exactly
// what logical mode makes (docs/physical.md §2).
func (o Options) lower(pkg *types.Package, info *types.Info, diags *diag.List) (*spirv.Module, *spirv.Reflection) {
	lo := o.lowerOptions()
	if o.Addressing != AddressingAuto || o.addressBits() != 64 {
		// Auto under -arch=spir: physical addressing needs 64-bit
		// pointers, so the module stays logical.
		return lower.Lower(pkg, info, lo, diags)
	}
	lo.Auto = true
	mark := len(diags.Diags)
	m, refl := lower.Lower(pkg, info, lo, diags)
	if m != nil || !lower.NeedsPhysical(diags.Diags[mark:]) {
		return m, refl
	}
	// Forget the logical attempt's diagnostics: the physical lowering
	// reports its own.
	diags.Diags = diags.Diags[:mark]
	lo.Auto, lo.Physical = false, true
	return lower.Lower(pkg, info, lo, diags)
}
