package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Samplers. A sampler_t value is a loaded OpTypeSampler handle: a kernel
// argument's (loaded at the kernel's start) or a literal sampler's. A
// literal sampler (a program-scope `constant sampler_t`, a function-scope
// `const sampler_t`, or a CLK_* mask written where a sampler is expected)
// is a module-wide OpTypeSampler variable per distinct mask, bound by the
// runtime after every kernel argument and reflected as LiteralSampler
// (docs/images.md).

func isSamplerType(t types.Type) bool {
	_, ok := types.Underlying(t).(*types.Sampler)
	return ok
}

func isImageType(t types.Type) bool {
	_, ok := types.Underlying(t).(*types.Image)
	return ok
}

// literalSamplerMask is the largest valid sampler_t bit mask: normalized
// coordinates (bit 0), the addressing mode (bits 1-3, 0 to 8) and the
// filter (0x10 or 0x20).
const literalSamplerMask = 0x3f

// literalSampler loads the literal sampler of mask.
func (fs *fnState) literalSampler(mask uint32) spirv.ID {
	l, b := fs.lowerer, fs.b
	st := b.TypeSampler()
	id, ok := l.samplers[mask]
	if !ok {
		id = b.Variable(b.TypePointer(spirv.StorageClassUniformConstant, st), spirv.StorageClassUniformConstant)
		if l.samplers == nil {
			l.samplers = map[uint32]spirv.ID{}
		}
		l.samplers[mask] = id
		l.samplerOrder = append(l.samplerOrder, mask)
	}
	h := b.EmitIDs(spirv.OpLoad, st, fs.gv(id))
	if fs.samplerMasks == nil {
		fs.samplerMasks = map[spirv.ID]uint32{}
	}
	fs.samplerMasks[h] = mask
	return h
}

// samplerExpr lowers an expression of sampler type (after its implicit
// conversion): a constant mask, a sampler variable or parameter, or a
// cast of either.
func (fs *fnState) samplerExpr(e syntax.Expr) value {
	t := fs.exprType(e)
	tv := fs.info.Types[e]
	if tv.IsConst() && tv.Value.Kind == types.IntConst {
		m := tv.Value.Int
		if m < 0 || m > literalSamplerMask || m&0xe > 8 {
			fs.errorf(e.Pos(), "sampler initializer 0x%x is not a valid sampler_t value", m)
			return value{t: t}
		}
		return value{t: t, id: fs.literalSampler(uint32(m))}
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		v := fs.samplerExpr(x.X)
		v.t = t
		return v
	case *syntax.CastExpr:
		if isSamplerType(fs.info.Types[x.X].Type) || fs.info.Types[x.X].IsConst() {
			v := fs.samplerExpr(x.X)
			v.t = t
			return v
		}
	case *syntax.Ident:
		v, ok := fs.info.Uses[x].(*types.Var)
		if !ok {
			break
		}
		if bd, ok := fs.vars[v]; ok && bd.val != nil {
			return *bd.val
		}
		if (v.Kind == types.GlobalVar || v.Static) && v.Init != nil {
			s := fs.samplerExpr(v.Init)
			s.t = t
			return s
		}
	}
	fs.errorf(e.Pos(), "a sampler must be a sampler_t kernel argument, a sampler_t constant initialized with CLK_* values, or such a value")
	return value{t: t}
}

// samplerDecl binds a function-scope sampler variable to its
// initializer's sampler.
func (fs *fnState) samplerDecl(v *types.Var, d *syntax.VarDecl) {
	if v.Kind == types.GlobalVar || v.Static {
		return // lowered where it is used, from its initializer
	}
	if d.Init == nil {
		fs.errorf(d.Pos(), "sampler variable '%s' must be initialized", v.Name)
		fs.vars[v] = &binding{val: &value{t: v.Type}}
		return
	}
	if fs.an.mutable[v] {
		fs.errorf(d.Pos(), "sampler variable '%s' cannot be assigned", v.Name)
	}
	s := fs.samplerExpr(d.Init)
	fs.vars[v] = &binding{val: &s}
}

// finishSamplers binds the literal samplers after every kernel argument
// the printf buffer and the program-scope variables in descriptor set 0, in the order the kernels
// first used them, and reflects them.
func (l *lowerer) finishSamplers() {
	if len(l.samplerOrder) == 0 {
		return
	}
	binding := l.freeBinding0()
	for _, mask := range l.samplerOrder {
		id := l.samplers[mask]
		l.b.Decorate(id, spirv.DecorationDescriptorSet, 0)
		l.b.Decorate(id, spirv.DecorationBinding, binding)
		l.refl.LiteralSamplers = append(l.refl.LiteralSamplers, spirv.LiteralSampler{DescriptorSet: 0, Binding: binding, Mask: mask})
		binding++
	}
}
