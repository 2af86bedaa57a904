package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// The SVM table (docs/physical.md §5): registers hold device addresses,
// memory and integers canonical ones (the host's address for memory of
// an SVM allocation). Where a device keeps an SVM allocation elsewhere
// than the host, the driver passes, in an 8-byte push constant, the
// device address of a table
//
//	struct { uint32 count, reserved; struct { uint64 host, device, size; } entry[count]; }
//
// or 0 (no translation). A pointer loaded from global memory or made
// from an integer maps [host, host+size) of an entry to device; one
// stored or converted to an integer maps the device range back.

// svmEntrySize is the bytes of one table entry.
const svmEntrySize = 24

// programNeedsSVM reports whether a kernel of the program loads or stores
// a pointer in memory (any access of a value holding a pointer through
// a subscript, a member or *) or converts between pointers and integers:
// its module then declares the SVM table.
func (l *lowerer) programNeedsSVM() bool {
	need := false
	for _, k := range l.pkg.Kernels {
		walkFuncs(k, func(fn *types.Func) {
			if need || fn.Decl == nil || fn.Decl.Body == nil {
				return
			}
			inspect(fn.Decl.Body, func(n syntax.Node) {
				switch x := n.(type) {
				case *syntax.CastExpr:
					from, to := l.info.Types[x.X], l.info.Types[x].Type
					if isPointer(from.Type) != isPointer(to) && !(from.IsConst() && from.Value.IsZero()) && !types.IsVoid(to) {
						need = true
					}
				case *syntax.IndexExpr, *syntax.SelectorExpr:
					if containsPointer(l.info.Types[x.(syntax.Expr)].Type) {
						need = true
					}
				case *syntax.UnaryExpr:
					if x.Op == syntax.Deref && containsPointer(l.info.Types[x].Type) {
						need = true
					}
				}
			})
		})
	}
	return need
}

// svmTable loads the SVM table's device address from push constants.
func (fs *fnState) svmTable() spirv.ID {
	if fs.pcSVM < 0 {
		fs.errorf(fs.pos, "internal error: SVM table push constant missing")
		return fs.u64(0)
	}
	u64 := fs.uint64T()
	p := fs.b.EmitIDs(spirv.OpAccessChain, fs.pcPointer(u64), fs.gv(fs.pcVar), fs.u32(uint32(fs.pcSVM)))
	return fs.b.EmitIDs(spirv.OpLoad, u64, p)
}

// svmTranslate maps address a through the SVM table: host to device
// (toDevice: a pointer loaded from memory or made from an integer) or
// device to host (a pointer stored or converted to an integer).
// Addresses in no entry pass unchanged.
func (fs *fnState) svmTranslate(a spirv.ID, toDevice bool) spirv.ID {
	if fs.dead || fs.pc.svm < 0 {
		// No table in this module (programNeedsSVM saw no pointer in
		// memory, say printf's %p): device addresses are canonical.
		return a
	}
	b := fs.b
	u, u64, bt := fs.uint32T(), fs.uint64T(), fs.boolT()
	table := fs.svmTable()
	r := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u64))
	iv := b.LocalVariable(b.TypePointer(spirv.StorageClassFunction, u))
	b.EmitIDs(spirv.OpStore, 0, r, a)
	b.EmitIDs(spirv.OpStore, 0, iv, fs.u32(0))
	pre, header, check, body, cont, lmerge, done := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	has := b.EmitIDs(spirv.OpINotEqual, bt, table, fs.u64(0))
	b.Emit(spirv.OpSelectionMerge, 0, uint32(done), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, has, pre, done)

	fs.startBlock(pre)
	n := fs.physLoadScalar(table, u, 8)
	b.EmitIDs(spirv.OpBranch, 0, header)

	fs.startBlock(header)
	b.Emit(spirv.OpLoopMerge, 0, uint32(lmerge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)

	fs.startBlock(check)
	i := b.EmitIDs(spirv.OpLoad, u, iv)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpULessThan, bt, i, n), body, lmerge)

	fs.startBlock(body)
	i64 := b.EmitIDs(spirv.OpUConvert, u64, i)
	e := fs.add64(fs.addrConst(table, 8), b.EmitIDs(spirv.OpIMul, u64, i64, fs.u64(svmEntrySize)))
	host := fs.physLoadScalar(e, u64, 8)
	dev := fs.physLoadScalar(fs.addrConst(e, 8), u64, 8)
	size := fs.physLoadScalar(fs.addrConst(e, 16), u64, 8)
	from, to := dev, host
	if toDevice {
		from, to = host, dev
	}
	d := b.EmitIDs(spirv.OpISub, u64, a, from)
	in := b.EmitIDs(spirv.OpULessThan, bt, d, size)
	cur := b.EmitIDs(spirv.OpLoad, u64, r)
	b.EmitIDs(spirv.OpStore, 0, r, b.EmitIDs(spirv.OpSelect, u64, in, b.EmitIDs(spirv.OpIAdd, u64, to, d), cur))
	b.EmitIDs(spirv.OpBranch, 0, cont)

	fs.startBlock(cont)
	b.EmitIDs(spirv.OpStore, 0, iv, fs.add32(i, fs.u32(1)))
	b.EmitIDs(spirv.OpBranch, 0, header)

	fs.startBlock(lmerge)
	b.EmitIDs(spirv.OpBranch, 0, done)

	fs.startBlock(done)
	return b.EmitIDs(spirv.OpLoad, u64, r)
}
