package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// %s of a pointer. Under logical addressing printf cannot read a string
// at run time and copy it into the record, so a pointer argument of %s
// must point into objects whose contents the compiler knows: string
// literals and program-scope __constant char arrays initialized by one.
// Each such object's string goes into the PrintfInfo string table, and
// the record carries two words: the string id of the object the pointer
// selects and the pointer's byte offset into it; the decoder prints the
// string from that offset up to its first NUL. A pointer that may point
// anywhere else (a kernel argument, __global or __private memory) is a
// compile error: its contents exist only at run time, and copying them
// char by char up to a limit would print a silently truncated string.

// stringPtrArg returns the record words (string id, byte offset) of a
// pointer argument of %s, or nil after reporting why it cannot be printed.
func (fs *fnState) stringPtrArg(e syntax.Expr) []spirv.ID {
	v := fs.expr(e)
	if v.ptr == nil {
		fs.errorf(e.Pos(), "printf: the argument of %%s must be a string: a string literal or a pointer to one or to a __constant char array")
		return nil
	}
	pv := v.ptr
	u := fs.uint32T()
	ids := make([]spirv.ID, len(pv.objs))
	offs := make([]spirv.ID, len(pv.objs))
	for i, o := range pv.objs {
		s, ok := objString(o)
		if !ok {
			fs.errorf(e.Pos(), "printf: %%s of '%s': the contents of %s are known only at run time (under logical addressing %%s prints string literals and __constant char arrays initialized by one)", syntax.Format(e), objDesc(o))
			return nil
		}
		ids[i] = fs.u32(fs.printfString(s))
		offs[i] = fs.objByteOff(pv, o, 1)
	}
	id, off := ids[0], offs[0]
	for i := 1; i < len(pv.objs); i++ {
		c := fs.b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		id = fs.b.EmitIDs(spirv.OpSelect, u, c, ids[i], id)
		off = fs.b.EmitIDs(spirv.OpSelect, u, c, offs[i], off)
	}
	return []spirv.ID{id, off}
}

// objString returns the string an object holds when the compiler knows
// it: a string literal, or a program-scope __constant char array that one
// initializes. The null pointer prints as glibc prints it.
func objString(o *object) (string, bool) {
	if o == nil {
		return "(null)", true
	}
	v := o.v
	if v == nil || v.Kind != types.GlobalVar || v.Space != types.Constant || !isArray(v.Type) {
		return "", false
	}
	at := types.Underlying(v.Type).(*types.Array)
	if b, ok := types.Underlying(at.Elem).(*types.Basic); !ok || b.Kind.Size() != 1 {
		return "", false
	}
	lit, ok := unparenExpr(v.Init).(*syntax.BasicLit)
	if !ok || lit.Kind != syntax.StringLit {
		return "", false
	}
	return lit.Value, true
}

// objDesc names an object in a diagnostic.
func objDesc(o *object) string {
	if o.v == nil || o.v.Name == "" {
		return "the object it points to"
	}
	return "'" + o.v.Name + "'"
}
