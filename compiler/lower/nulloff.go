package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// The offsetof idiom, (size_t)&((T *)0)->m, converts an address computed
// from the null pointer to an integer: its value is the byte offset, a
// constant, and nothing is dereferenced.

// nullOffset returns the byte offset from null of pointer expression e
// when it is computed from a null pointer constant by constant steps.
func (fs *fnState) nullOffset(e syntax.Expr) (int64, bool) {
	tv := fs.info.Types[e]
	if tv.IsConst() && tv.Value.IsZero() {
		return 0, true
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.nullOffset(x.X)
	case *syntax.CastExpr:
		if isPointer(fs.info.Types[x.X].Type) || fs.info.Types[x.X].IsConst() {
			return fs.nullOffset(x.X)
		}
	case *syntax.UnaryExpr:
		if x.Op == syntax.Addr {
			return fs.nullLvalueOffset(x.X)
		}
	case *syntax.BinaryExpr:
		if (x.Op == syntax.Add || x.Op == syntax.Sub) && isPointer(tv.Type) {
			p, i := x.X, x.Y
			if !isPointer(fs.info.Types[p].Type) {
				p, i = i, p
			}
			base, ok := fs.nullOffset(p)
			it := fs.info.Types[i]
			if !ok || !it.IsConst() {
				return 0, false
			}
			n := it.Value.Int * fs.conf.Sizeof(types.Underlying(tv.Type).(*types.Pointer).Elem)
			if x.Op == syntax.Sub {
				n = -n
			}
			return base + n, true
		}
	}
	return 0, false
}

// nullLvalueOffset is nullOffset for the address of lvalue e.
func (fs *fnState) nullLvalueOffset(e syntax.Expr) (int64, bool) {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return fs.nullLvalueOffset(x.X)
	case *syntax.SelectorExpr:
		m, ok := fs.info.Members[x]
		if !ok {
			return 0, false
		}
		var base int64
		var st types.Type
		if x.Arrow {
			base, ok = fs.nullOffset(x.X)
			if pt, isPtr := types.Underlying(fs.info.Types[x.X].Type).(*types.Pointer); isPtr {
				st = pt.Elem
			}
		} else {
			base, ok = fs.nullLvalueOffset(x.X)
			st = fs.info.Types[x.X].Type
		}
		if !ok || st == nil {
			return 0, false
		}
		for _, fi := range m.Path {
			s, isStruct := types.Underlying(st).(*types.Struct)
			if !isStruct || fi >= len(s.Fields) {
				return 0, false
			}
			base += s.Fields[fi].Offset
			st = s.Fields[fi].Type
		}
		return base, true
	case *syntax.IndexExpr:
		it := fs.info.Types[x.Index]
		if !it.IsConst() {
			return 0, false
		}
		size := fs.conf.Sizeof(fs.info.Types[x].Type)
		var base int64
		var ok bool
		if isArray(fs.info.Types[x.X].Type) {
			base, ok = fs.nullLvalueOffset(x.X)
		} else {
			base, ok = fs.nullOffset(x.X)
		}
		return base + it.Value.Int*size, ok
	case *syntax.UnaryExpr:
		if x.Op == syntax.Deref {
			return fs.nullOffset(x.X)
		}
	}
	return 0, false
}
