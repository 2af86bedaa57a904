package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// analysis is the pre-pass over one kernel and every function it calls
// (which lowering inlines): which variables are ever written after their
// declaration, which are memory objects (their address is taken or they
// decay to a pointer), what each pointer variable may point to, and which
// pointee types each memory object is accessed with.
//
// It is flow- and context-insensitive: a helper's pointer parameter may
// point to whatever any call passes. Objects are keyed by their declaring
// variable; the nil key is the null pointer.
type analysis struct {
	info *types.Info
	// mutable: assigned, incremented, or declared without an initializer.
	mutable map[*types.Var]bool
	// objects: variables that pointers may point into, in discovery order.
	objects []*types.Var
	isObj   map[*types.Var]bool
	pts     map[*types.Var]objSet       // pointer variables
	ret     map[*types.Func]objSet      // what a function's pointer result may point to
	views   map[*types.Var][]types.Type // pointee types seen per object
	// mem is what pointers stored in memory (array elements, struct
	// members, pointees, pointer variables whose address is taken) may
	// point to, by the address space of the objects.
	mem     map[memKey]objSet
	changed bool
	// groups are the multi-object sets of pointer expressions: objects
	// that one pointer may refer to must agree on how offsets count.
	groups []objSet
	// strs are the anonymous __constant arrays of string literals.
	strs map[*syntax.BasicLit]*types.Var
	// shadow: for a kernel pointer parameter whose address is taken
	// (advance(&p)), the private pointer variable standing for the
	// parameter itself; the parameter's key stays its buffer's object.
	shadow map[*types.Var]*types.Var
	// lits are the private objects of compound literals whose address is
	// taken (&(S){...}, or an array literal decaying to a pointer).
	lits map[*syntax.CompoundLit]*types.Var
	// intPtrs: the objects whose pointers are converted to integers; an
	// integer converted back to a pointer may refer to any of them (of
	// its address space) or be null (ptrcast.go).
	intPtrs objSet
	// phys: a physical module (physical.go): pointers loaded from memory
	// or made from integers may point to global memory (physVar) whoever
	// stored or made them.
	phys bool
}

// litVar returns the variable standing for compound literal lit.
func (a *analysis) litVar(lit *syntax.CompoundLit) *types.Var {
	v := a.lits[lit]
	if v == nil {
		v = &types.Var{At: lit.Pos(), Name: ".compoundliteral", Type: a.info.Types[lit].Type, Space: types.Private, Kind: types.LocalVar}
		a.lits[lit] = v
	}
	return v
}

// shadowOf returns the private variable holding kernel pointer parameter
// v once its address is taken, declaring it on first use.
func (a *analysis) shadowOf(v *types.Var) *types.Var {
	s := a.shadow[v]
	if s == nil {
		s = &types.Var{At: v.At, Name: v.Name, Type: v.Type, Quals: v.Quals, Space: types.Private, Kind: types.LocalVar}
		a.shadow[v] = s
		a.obj(s)
		a.toMem(objSet{v: true}, v.Type)
	}
	return s
}

// strVar returns the variable standing for string literal lit.
func (a *analysis) strVar(lit *syntax.BasicLit) *types.Var {
	if v, ok := a.strs[lit]; ok {
		return v
	}
	v := &types.Var{At: lit.Pos(), Name: ".str", Type: a.info.Types[lit].Type, Space: types.Constant,
		Kind: types.GlobalVar, Quals: types.Const, Init: lit}
	a.strs[lit] = v
	return v
}

// objSet is a set of objects (nil: the null pointer).
type objSet map[*types.Var]bool

func (a *analysis) obj(v *types.Var) {
	if v != nil && !a.isObj[v] {
		a.isObj[v] = true
		a.objects = append(a.objects, v)
		a.changed = true
	}
}

func (a *analysis) addTo(dst map[*types.Var]objSet, v *types.Var, s objSet) {
	d := dst[v]
	if d == nil {
		d = objSet{}
		dst[v] = d
	}
	for o := range s {
		if !d[o] {
			d[o] = true
			a.changed = true
		}
	}
}

func analyze(info *types.Info, k *types.Func, globals []*types.Var, phys bool) *analysis {
	a := &analysis{
		info: info, mutable: map[*types.Var]bool{}, isObj: map[*types.Var]bool{},
		pts: map[*types.Var]objSet{}, ret: map[*types.Func]objSet{},
		views: map[*types.Var][]types.Type{}, mem: map[memKey]objSet{},
		strs: map[*syntax.BasicLit]*types.Var{}, shadow: map[*types.Var]*types.Var{},
		lits: map[*syntax.CompoundLit]*types.Var{}, intPtrs: objSet{}, phys: phys,
	}
	if phys {
		a.obj(physVar)
	}
	var funcs []*types.Func
	walkFuncs(k, func(f *types.Func) { funcs = append(funcs, f) })
	// Kernel pointer parameters point to their own argument.
	for _, p := range k.Params {
		if isPointer(p.Type) {
			a.obj(p)
			a.pts[p] = objSet{p: true}
		}
	}
	for i := 0; i < 20; i++ {
		a.changed = false
		for _, f := range funcs {
			if f.Decl != nil && f.Decl.Body != nil {
				a.fn(f)
			}
		}
		a.programPointers(globals)
		if !a.changed {
			break
		}
	}
	if phys {
		a.physicalize()
	}
	// Record views once the sets are final.
	for _, f := range funcs {
		if f.Decl == nil || f.Decl.Body == nil {
			continue
		}
		printfLits := printfStrings(info, f.Decl.Body)
		intOnly := intOnlyPtrs(info, f.Decl.Body)
		inspect(f.Decl.Body, func(n syntax.Node) {
			if c, ok := n.(*syntax.CallExpr); ok {
				a.compareExchangeView(c)
			}
			e, ok := n.(syntax.Expr)
			if !ok || printfLits[e] || intOnly[e] {
				return
			}
			tv := info.Types[e]
			for _, t := range []types.Type{tv.Type, info.Implicit[e]} {
				p, ok := t.(*types.Pointer)
				if !ok || types.IsVoid(p.Elem) {
					continue
				}
				set := a.ptsOf(e)
				if len(set) > 1 {
					a.groups = append(a.groups, set)
				}
				for o := range set {
					if o != nil {
						a.views[o] = append(a.views[o], p.Elem)
					}
				}
			}
		})
	}
	return a
}

func (a *analysis) fn(f *types.Func) {
	// In a function with gotos every local lives in a variable: a goto
	// region may skip its initialization, so an SSA value would not
	// dominate its uses after the label (gotos.go); in a state machine
	// (machine.go) no state dominates the next.
	gotos := hasGoto(f.Decl.Body) || planMachine(f.Decl.Body) != nil
	inspect(f.Decl.Body, func(n syntax.Node) {
		switch n := n.(type) {
		case *syntax.Ident:
			// Program-scope __global variables are objects in the
			// program's buffer (progvars.go), whether or not pointers
			// refer to them.
			v, _ := a.info.Uses[n].(*types.Var)
			if isProgramVar(v) {
				a.obj(v)
			}
			// The pointers a program-scope variable's initializer stores
			// (constant char *constant names[] = {"a", "b"}).
			if v != nil && v.Kind == types.GlobalVar {
				if il, ok := v.Init.(*syntax.InitList); ok {
					a.initToMem(a.info.Inits[il])
				} else if v.Init != nil && isPointer(v.Type) {
					a.addTo(a.pts, v, a.ptsOf(v.Init))
				}
			}
		case *syntax.VarDecl:
			v, _ := a.info.Defs[n].(*types.Var)
			if v == nil {
				return
			}
			if n.Init == nil || v.Static || gotos {
				a.mutable[v] = true
			}
			if n.Init != nil && isPointer(v.Type) {
				s := a.ptsOf(n.Init)
				a.addTo(a.pts, v, s)
				if a.isObj[v] {
					a.toMem(s, v.Type)
				}
			}
			if il, ok := n.Init.(*syntax.InitList); ok {
				a.initToMem(a.info.Inits[il])
			}
		case *syntax.CompoundLit:
			a.initToMem(a.info.Inits[n.Init])
		case *syntax.CastExpr:
			if xt := a.info.Types[n.X].Type; (isPointer(xt) || isArray(xt)) && !isPointer(a.info.Types[n].Type) {
				for o := range a.ptsOf(n.X) {
					if o != nil && !a.intPtrs[o] {
						a.intPtrs[o] = true
						a.changed = true
					}
				}
			}
		case *syntax.AssignExpr:
			v := a.rootVar(n.X)
			if v != nil {
				a.mutable[v] = true
			}
			if n.Op == 0 && isPointer(a.info.Types[n.X].Type) {
				s := a.ptsOf(n.Y)
				if v != nil && isIdent(n.X) {
					a.addTo(a.pts, v, s)
				}
				if v == nil || !isIdent(n.X) || a.isObj[v] && !isKernelPtrParam(v) || a.shadow[v] != nil {
					a.toMem(s, a.info.Types[n.X].Type)
					// A pointer stored in a union may be read back through
					// any of its pointer members.
					for _, t := range a.unionPointers(n.X) {
						a.toMem(s, t)
					}
				}
			}
		case *syntax.UnaryExpr:
			switch n.Op {
			case syntax.PreInc, syntax.PreDec, syntax.PostInc, syntax.PostDec:
				if v := a.rootVar(n.X); v != nil {
					a.mutable[v] = true
				}
			case syntax.Addr:
				a.addrOf(n.X)
			}
		case *syntax.CallExpr:
			c := a.info.Calls[n]
			if c.Func != nil {
				for i, arg := range n.Args {
					if i < len(c.Func.Params) && isPointer(c.Func.Params[i].Type) {
						s := a.ptsOf(arg)
						a.addTo(a.pts, c.Func.Params[i], s)
						if a.isObj[c.Func.Params[i]] {
							a.toMem(s, c.Func.Params[i].Type)
						}
					}
				}
			}
		case *syntax.ReturnStmt:
			if n.Result != nil && isPointer(f.Sig.Result) {
				s := a.ptsOf(n.Result)
				d := a.ret[f]
				if d == nil {
					d = objSet{}
					a.ret[f] = d
				}
				for o := range s {
					if !d[o] {
						d[o] = true
						a.changed = true
					}
				}
			}
		}
	})
}

func isIdent(e syntax.Expr) bool {
	for {
		switch x := e.(type) {
		case *syntax.ParenExpr:
			e = x.X
		case *syntax.Ident:
			return true
		default:
			return false
		}
	}
}

// rootVar returns the variable an lvalue expression writes into when that
// is a variable itself or a part of one (not through a pointer).
func (a *analysis) rootVar(e syntax.Expr) *types.Var {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return a.rootVar(x.X)
	case *syntax.Ident:
		v, _ := a.info.Uses[x].(*types.Var)
		return v
	case *syntax.IndexExpr:
		switch types.Underlying(a.info.Types[x.X].Type).(type) {
		case *types.Array, *types.Vector:
			return a.rootVar(x.X)
		}
	case *syntax.SelectorExpr:
		if !x.Arrow {
			return a.rootVar(x.X)
		}
	}
	return nil
}

// addrOf records that the object under lvalue e has its address taken.
func (a *analysis) addrOf(e syntax.Expr) objSet {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return a.addrOf(x.X)
	case *syntax.Ident:
		v, _ := a.info.Uses[x].(*types.Var)
		if v == nil {
			return nil
		}
		if isKernelPtrParam(v) {
			return objSet{a.shadowOf(v): true}
		}
		a.obj(v)
		return objSet{v: true}
	case *syntax.IndexExpr:
		if _, ok := types.Underlying(a.info.Types[x.X].Type).(*types.Array); ok {
			return a.addrOf(x.X)
		}
		return a.ptsOf(x.X)
	case *syntax.SelectorExpr:
		if x.Arrow {
			return a.ptsOf(x.X)
		}
		return a.addrOf(x.X)
	case *syntax.UnaryExpr:
		if x.Op == syntax.Deref {
			return a.ptsOf(x.X)
		}
	case *syntax.CompoundLit:
		v := a.litVar(x)
		a.obj(v)
		return objSet{v: true}
	case *syntax.BasicLit:
		if x.Kind == syntax.StringLit {
			v := a.strVar(x)
			a.obj(v)
			return objSet{v: true}
		}
	}
	return nil
}

// objSpace is the address space of the memory of object v.
func objSpace(v *types.Var) types.AddrSpace {
	if isKernelPtrParam(v) {
		return types.Underlying(v.Type).(*types.Pointer).Space
	}
	if v.Kind == types.KernelLocal {
		return types.Local
	}
	return v.Space
}

// isKernelPtrParam reports whether v is a kernel's pointer parameter: as
// an object it stands for the memory it points to.
func isKernelPtrParam(v *types.Var) bool {
	return v.Kind == types.ParamVar && v.Func != nil && v.Func.Kernel && isPointer(v.Type)
}

// memKey classifies pointers stored in memory: by the address space of
// what they point to and the pointee type of the location they are
// stored in.
type memKey struct {
	space types.AddrSpace
	elem  string
}

// toMem records that pointers to the objects of s are stored in memory
// locations of pointer type t.
func (a *analysis) toMem(s objSet, t types.Type) {
	pt, ok := types.Underlying(t).(*types.Pointer)
	if !ok {
		return
	}
	for o := range s {
		if o == nil {
			continue
		}
		k := memKey{objSpace(o), typeKey(pt.Elem)}
		d := a.mem[k]
		if d == nil {
			d = objSet{}
			a.mem[k] = d
		}
		if !d[o] {
			d[o] = true
			a.changed = true
		}
	}
}

// initToMem records the pointers an initializer stores in memory.
func (a *analysis) initToMem(in *types.Init) {
	if in == nil {
		return
	}
	if in.Expr != nil {
		if isPointer(in.Type) {
			a.toMem(a.ptsOf(in.Expr), in.Type)
		}
		return
	}
	for _, e := range in.Elems {
		a.initToMem(e)
	}
}

// memFor is what a pointer of type t loaded from memory may point to: the
// objects of its address space stored in memory through pointers of its
// pointee type (or of void and char pointers, which any pointer converts
// to), and null.
func (a *analysis) memFor(t types.Type) objSet {
	s := objSet{nil: true}
	pt, ok := types.Underlying(t).(*types.Pointer)
	if !ok {
		return s
	}
	if a.phys && physSpace(pt.Space) {
		s[physVar] = true
	}
	want := typeKey(pt.Elem)
	for k, set := range a.mem {
		if k.space != pt.Space && pt.Space != types.Generic {
			continue
		}
		if k.elem != want && !byteOrVoid(k.elem) && !byteOrVoid(want) {
			continue
		}
		for o := range set {
			s[o] = true
		}
	}
	return s
}

// byteOrVoid reports whether a type key is void or a char type: pointers
// to them may hold any pointer.
func byteOrVoid(key string) bool {
	switch key {
	case types.Void.String(), types.Char.String(), types.UChar.String():
		return true
	}
	return false
}

// ptsOf returns what the pointer (or array, decaying) expression e may
// point to.
func (a *analysis) ptsOf(e syntax.Expr) objSet {
	tv := a.info.Types[e]
	if tv.IsConst() && tv.Value.IsZero() {
		return objSet{nil: true}
	}
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return a.ptsOf(x.X)
	case *syntax.Ident:
		v, _ := a.info.Uses[x].(*types.Var)
		if v == nil {
			return nil
		}
		if _, ok := types.Underlying(v.Type).(*types.Array); ok {
			a.obj(v)
			return objSet{v: true}
		}
		if a.isObj[v] && isPointer(v.Type) && !isKernelPtrParam(v) || a.shadow[v] != nil {
			// A pointer variable whose address is taken lives in memory.
			return a.memFor(v.Type)
		}
		return a.pts[v]
	case *syntax.UnaryExpr:
		switch x.Op {
		case syntax.Addr:
			return a.addrOf(x.X)
		case syntax.PreInc, syntax.PreDec, syntax.PostInc, syntax.PostDec, syntax.Plus:
			return a.ptsOf(x.X)
		case syntax.Deref:
			if _, ok := types.Underlying(tv.Type).(*types.Array); ok {
				return a.ptsOf(x.X)
			}
			if isPointer(tv.Type) {
				return a.memFor(tv.Type)
			}
		}
	case *syntax.BinaryExpr:
		if x.Op == syntax.Add || x.Op == syntax.Sub {
			s := objSet{}
			for _, o := range []syntax.Expr{x.X, x.Y} {
				if isPointer(a.info.Types[o].Type) || isArray(a.info.Types[o].Type) {
					for k := range a.ptsOf(o) {
						s[k] = true
					}
				}
			}
			return s
		}
	case *syntax.AssignExpr:
		if x.Op == 0 {
			return a.ptsOf(x.Y)
		}
		return a.ptsOf(x.X)
	case *syntax.CommaExpr:
		return a.ptsOf(x.Y)
	case *syntax.CondExpr:
		s := objSet{}
		for k := range a.ptsOf(x.X) {
			s[k] = true
		}
		for k := range a.ptsOf(x.Y) {
			s[k] = true
		}
		return s
	case *syntax.CallExpr:
		c := a.info.Calls[x]
		if c.Func != nil {
			return a.ret[c.Func]
		}
		if space, ok := toSpaces[builtinName(c)]; ok && len(x.Args) == 1 {
			// to_global & co.: the argument's objects of that space, or null.
			s := objSet{nil: true}
			for o := range a.ptsOf(x.Args[0]) {
				if o != nil && objSpace(o) == space {
					s[o] = true
				}
			}
			return s
		}
	case *syntax.CastExpr:
		if xt := a.info.Types[x.X]; !isPointer(xt.Type) && !isArray(xt.Type) && !(xt.IsConst() && xt.Value.IsZero()) {
			if pt, ok := types.Underlying(tv.Type).(*types.Pointer); ok {
				return a.fromInt(pt.Space)
			}
		}
		return a.ptsOf(x.X)
	case *syntax.BasicLit:
		return a.addrOf(x)
	case *syntax.CompoundLit:
		if isArray(tv.Type) {
			return a.addrOf(x)
		}
	case *syntax.IndexExpr, *syntax.SelectorExpr:
		if isArray(tv.Type) {
			return a.addrOf(e)
		}
		if isPointer(tv.Type) {
			return a.memFor(tv.Type)
		}
	}
	return nil
}

func isArray(t types.Type) bool {
	_, ok := types.Underlying(t).(*types.Array)
	return ok
}

// printfStrings returns printf's string arguments (literals, the
// parentheses and ?: around them): they go to the host by id, not as
// __constant objects.
func printfStrings(info *types.Info, body syntax.Node) map[syntax.Expr]bool {
	lits := map[syntax.Expr]bool{}
	inspect(body, func(n syntax.Node) {
		c, ok := n.(*syntax.CallExpr)
		if !ok {
			return
		}
		if ce := info.Calls[c]; ce.Builtin == nil || ce.Builtin.Name != "printf" {
			return
		}
		for _, a := range c.Args {
			if isStringArg(info, a) {
				markStringArg(lits, a)
			}
		}
	})
	return lits
}

func markStringArg(lits map[syntax.Expr]bool, e syntax.Expr) {
	lits[e] = true
	switch x := e.(type) {
	case *syntax.ParenExpr:
		markStringArg(lits, x.X)
	case *syntax.CondExpr:
		markStringArg(lits, x.X)
		markStringArg(lits, x.Y)
	}
}

// fromInt is what an integer converted to a pointer into address space
// space may point to: null, or an object of that space whose pointer was
// converted to an integer.
func (a *analysis) fromInt(space types.AddrSpace) objSet {
	s := objSet{nil: true}
	if a.phys && physSpace(space) {
		s[physVar] = true
	}
	for o := range a.intPtrs {
		if objSpace(o) == space {
			s[o] = true
		}
	}
	return s
}

// programPointers: a pointer kept in a program-scope __global variable
// may have been stored by another kernel or another launch, or by the
// variable's initializer, so where the kernel uses such a variable every
// program-scope __global variable is an object of the kernel and a
// candidate of pointers loaded from memory (by its type and its element
// type, as memFor looks them up).
func (a *analysis) programPointers(globals []*types.Var) {
	uses := false
	for _, v := range a.objects {
		uses = uses || isProgramVar(v) && containsPointer(v.Type)
	}
	if !uses {
		return
	}
	for _, v := range globals {
		if !isProgramVar(v) {
			continue
		}
		a.obj(v)
		elem, _ := innermost(v.Type)
		for _, t := range []types.Type{v.Type, elem} {
			a.toMem(objSet{v: true}, &types.Pointer{Elem: t, Space: types.Global})
		}
	}
}

// unionPointers returns the pointer types of the members of the union
// that e selects a member of, nil when e is no union member.
func (a *analysis) unionPointers(e syntax.Expr) []types.Type {
	sel, ok := unparenExpr(e).(*syntax.SelectorExpr)
	if !ok {
		return nil
	}
	t := a.info.Types[sel.X].Type
	if sel.Arrow {
		pt, ok := types.Underlying(t).(*types.Pointer)
		if !ok {
			return nil
		}
		t = pt.Elem
	}
	st, ok := types.Underlying(t).(*types.Struct)
	if !ok || !st.Union {
		return nil
	}
	var out []types.Type
	for _, f := range st.Fields {
		if isPointer(f.Type) {
			out = append(out, f.Type)
		}
	}
	return out
}

// builtinName is the name of the builtin a call calls, or "".
func builtinName(c types.Callee) string {
	if c.Builtin == nil {
		return ""
	}
	return c.Builtin.Name
}
