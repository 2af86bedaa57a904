package lanes

import "github.com/clgo/clgo/spirv"

// zeroStore takes the store of OpConstantNull into a whole Function
// variable too large to scalarize (`int a[1 << 20] = {0};` compiles to
// one), where it is the variable's first access and runs once per
// work-item at the start: in the entry block of the kernel's entry
// function. The variable's region is then zeroed per lane at the start of
// each group (Region.Zero), and the store emits nothing. It reports
// whether it took the store.
func (b *builder) zeroStore(in *instance, p *sval, id spirv.ID) bool {
	def := b.x.Defs[id]
	if def == nil || def.Op != spirv.OpConstantNull || p.ptr == nil || p.ptr.region < 0 {
		return false
	}
	r := p.ptr.region
	rg := &b.p.Regions[r]
	t := p.ptr.t
	off := b.p.Values[p.ptr.off]
	if rg.Kind != RegionPrivate || rg.Init != nil || t == nil || t.leaves != nil || t.size != rg.Size ||
		!off.Const || off.Bits != 0 || !in.entry || len(in.fn.Blocks) == 0 || b.curBlock != in.fn.Blocks[0].Label {
		return false
	}
	for i := range b.p.Ops {
		o := &b.p.Ops[i]
		if (o.Code == Load || o.Code == Store || o.Code == Atomic) && o.Imm == int64(r) {
			return false
		}
	}
	rg.Zero = true
	return true
}
