package types

import (
	"fmt"
	"slices"
	"strings"

	"github.com/clgo/clgo/compiler/cpp"
	"github.com/clgo/clgo/compiler/syntax"
)

func (c *checker) call(e *syntax.CallExpr) TypeAndValue {
	id, ok := unparen(e.Fun).(*syntax.Ident)
	if !ok {
		ftv := c.expr(e.Fun)
		for _, a := range e.Args {
			c.rvalueExpr(a)
		}
		if !IsInvalid(ftv.Type) {
			c.errorf(e, "called object type %s is not a function or function pointer", quote(ftv.Type))
		}
		return c.bad(e)
	}
	o := c.scope.lookup(id.Name)
	if o == nil {
		if b := c.builtin(id.Name); b != nil {
			c.info.Uses[id] = b
			c.record(e.Fun, TypeAndValue{Type: Typ[Invalid]})
			if id != e.Fun {
				c.record(id, TypeAndValue{Type: Typ[Invalid]})
			}
			return c.builtinCall(e, id.Name)
		}
	}
	f, isFunc := o.(*Func)
	if !isFunc {
		ftv := c.expr(e.Fun)
		for _, a := range e.Args {
			c.rvalueExpr(a)
		}
		if o == nil {
			return c.bad(e) // ident reported it
		}
		if !IsInvalid(ftv.Type) {
			c.errorf(e, "called object type %s is not a function or function pointer", quote(ftv.Type))
		}
		return c.bad(e)
	}
	c.expr(e.Fun)
	sig := f.Sig
	args := make([]TypeAndValue, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.rvalueExpr(a)
	}
	if len(f.Overloads) > 1 {
		for _, a := range args {
			if IsInvalid(a.Type) {
				return c.bad(e)
			}
		}
		if f = c.resolveOverload(e, f, args); f == nil {
			return c.bad(e)
		}
		sig = f.Sig
	}
	if len(e.Args) != len(sig.Params) {
		few := "few"
		if len(e.Args) > len(sig.Params) {
			few = "many"
		}
		c.errorf(e, "too %s arguments to function call, expected %d, have %d", few, len(sig.Params), len(e.Args))
		c.notef(f.At, "'%s' declared here", f.Name)
		return c.record(e, c.resultTV(sig.Result))
	}
	for i, a := range e.Args {
		c.assign(a, args[i], sig.Params[i], ctxPass)
	}
	c.info.Calls[e] = Callee{Func: f}
	if c.fn != nil {
		c.calls[c.fn] = append(c.calls[c.fn], callSite{f, e.At})
		if !containsFunc(c.fn.Callees, f) {
			c.fn.Callees = append(c.fn.Callees, f)
		}
	}
	return c.record(e, c.resultTV(sig.Result))
}

func (c *checker) resultTV(t Type) TypeAndValue {
	if IsVoid(t) {
		return TypeAndValue{Type: t, Mode: NoValue}
	}
	return rv(t)
}

// builtin returns the object for a builtin function name, or nil.
func (c *checker) builtin(name string) *Builtin {
	if b, ok := c.builtins[name]; ok {
		return b
	}
	if len(c.lookupOverloads(name)) == 0 && !isConvertName(name) && !isAsName(name) && !isSpecialBuiltin(name) && !isAddrSpaceBuiltin(name) {
		return nil
	}
	b := &Builtin{Name: name}
	c.builtins[name] = b
	return b
}

func isSpecialBuiltin(name string) bool {
	return cpp.ClangBuiltins[name]
}

// convertTarget parses convert_<type>[_sat][_rte|_rtz|_rtp|_rtn].
func parseConvert(name string) (typ string, sat bool, r Rounding, ok bool) {
	rest, ok := strings.CutPrefix(name, "convert_")
	if !ok {
		return "", false, 0, false
	}
	for _, m := range []struct {
		s string
		r Rounding
	}{{"_rte", RTE}, {"_rtz", RTZ}, {"_rtp", RTP}, {"_rtn", RTN}} {
		if strings.HasSuffix(rest, m.s) {
			rest, r = strings.TrimSuffix(rest, m.s), m.r
			break
		}
	}
	if strings.HasSuffix(rest, "_sat") {
		rest, sat = strings.TrimSuffix(rest, "_sat"), true
	}
	return rest, sat, r, true
}

func isConvertName(name string) bool {
	t, _, _, ok := parseConvert(name)
	return ok && convertible(t)
}

func isAsName(name string) bool {
	t, ok := strings.CutPrefix(name, "as_")
	return ok && convertible(t)
}

// imageAccessFits reports a read_image call on a write_only image or a
// write_image call on a read_only one by what is wrong, rather than as a
// call no overload matches.
func (c *checker) imageAccessFits(e *syntax.CallExpr, name string, img operand) bool {
	im, ok := Underlying(img.tv.Type).(*Image)
	if !ok {
		return true
	}
	switch {
	case strings.HasPrefix(name, "write_image") && im.Access == ReadOnly:
		c.errorf(e, "'%s' writes to image %s, which is read_only; declare it write_only or read_write", name, quote(img.tv.Type))
		return false
	case strings.HasPrefix(name, "read_image") && im.Access == WriteOnly:
		c.errorf(e, "'%s' reads from image %s, which is write_only; declare it read_only or read_write", name, quote(img.tv.Type))
		return false
	}
	return true
}

// convertible reports whether name is a type convert_/as_ may produce.
func convertible(name string) bool {
	if k, ok := scalarNames[name]; ok {
		return k.IsArithmetic() && k != Bool && !strings.Contains(name, " ")
	}
	return vectorByName(name) != nil
}

func (c *checker) builtinCall(e *syntax.CallExpr, name string) TypeAndValue {
	if alias := clangAliases[name]; alias != "" {
		// __builtin_isnan(x) is isnan(x): the OpenCL builtin's overloads.
		name = alias
	}
	if name == "__builtin_assume" || name == "__builtin_constant_p" {
		return c.unevaluatedBuiltin(e, name)
	}
	args := make([]operand, len(e.Args))
	for i, a := range e.Args {
		if strings.HasPrefix(name, "__builtin_nan") {
			args[i] = operand{a, c.expr(a)}
			continue
		}
		args[i] = operand{a, c.rvalueExpr(a)}
		if IsInvalid(args[i].tv.Type) {
			return c.bad(e)
		}
	}
	if len(args) > 0 && !c.imageAccessFits(e, name, args[0]) {
		return c.bad(e)
	}
	switch {
	case isSpecialBuiltin(name):
		return c.specialBuiltin(e, name, args)
	case isAddrSpaceBuiltin(name):
		return c.addrSpaceCall(e, name, args)
	case isConvertName(name):
		return c.convertCall(e, name, args)
	case isAsName(name):
		return c.asCall(e, name, args)
	}
	cands := c.availableOverloads(name)
	if len(cands) == 0 {
		c.errorf(e, "use of builtin '%s' requires an extension that is not enabled", name)
		return c.bad(e)
	}
	var viable []*Overload
	var ranks [][]int
	for _, o := range cands {
		if len(args) < len(o.Params) || len(args) > len(o.Params) && !o.Variadic {
			continue
		}
		rk := make([]int, len(o.Params))
		okAll := true
		for i, p := range o.Params {
			rk[i] = c.argRank(args[i].tv, p)
			if rk[i] < 0 {
				okAll = false
				break
			}
		}
		if okAll {
			viable = append(viable, o)
			ranks = append(ranks, rk)
		}
	}
	// As clang's C overloading: a candidate that needs an incompatible
	// pointer conversion is viable only when every candidate does.
	clean := 0
	for _, rk := range ranks {
		if !slices.Contains(rk, rankIncompatible) {
			clean++
		}
	}
	if clean > 0 && clean < len(viable) {
		var vs []*Overload
		var rs [][]int
		for i, rk := range ranks {
			if !slices.Contains(rk, rankIncompatible) {
				vs, rs = append(vs, viable[i]), append(rs, rk)
			}
		}
		viable, ranks = vs, rs
	}
	if len(viable) == 0 {
		var ts []string
		for _, a := range args {
			ts = append(ts, quote(a.tv.Type))
		}
		c.errorf(e, "no matching function for call to '%s' with arguments (%s)", name, strings.Join(ts, ", "))
		// List the candidates that take this many arguments or, when none
		// does, every overload (the call has the wrong arity; a builtin
		// with one declaration is named by the error already).
		var listed []*Overload
		for _, o := range cands {
			if len(o.Params) == len(args) || o.Variadic && len(args) >= len(o.Params) {
				listed = append(listed, o)
			}
		}
		if len(listed) == 0 && len(cands) > 1 {
			listed = cands
		}
		shown := 0
		for _, o := range listed {
			if shown < 4 {
				c.notef(posOf(e), "candidate function: %s", overloadString(o))
			}
			shown++
		}
		if shown > 4 {
			c.notef(posOf(e), "and %d more candidates", shown-4)
		}
		return c.bad(e)
	}
	best := bestViable(ranks)
	if best < 0 {
		c.errorf(e, "call to '%s' is ambiguous", name)
		// List the candidates no other viable one beats.
		shown := 0
		for i := range viable {
			beaten := false
			for j := range viable {
				if i != j && strictlyBetter(ranks[j], ranks[i]) {
					beaten = true
					break
				}
			}
			if !beaten && shown < 8 {
				c.notef(posOf(e), "candidate function: %s", overloadString(viable[i]))
				shown++
			}
		}
		return c.bad(e)
	}
	o := viable[best]
	for i, p := range o.Params {
		a := args[i]
		if _, ok := p.(*Vector); ok && Scalar(a.tv.Type) != nil {
			c.splat(a.e, a.tv, p.(*Vector))
			continue
		}
		if _, ok := p.(*Pointer); ok {
			// Pointer arguments convert as for a user function, with
			// its warnings.
			c.assign(a.e, a.tv, p, ctxPass)
			continue
		}
		c.convert(a.e, a.tv, p)
	}
	c.info.Calls[e] = Callee{Builtin: o}
	if o.Ext != "" {
		c.useExt(o.Ext)
	}
	return c.record(e, c.resultTV(o.Result))
}

func overloadString(o *Overload) string {
	var ps []string
	for _, p := range o.Params {
		ps = append(ps, p.String())
	}
	if o.Variadic {
		ps = append(ps, "...")
	}
	return fmt.Sprintf("%s %s(%s)", o.Result, o.Name, strings.Join(ps, ", "))
}

func betterOrEqual(a, b []int) bool {
	for i := range a {
		if i < len(b) && a[i] > b[i] {
			return false
		}
	}
	return true
}

func strictlyBetter(a, b []int) bool {
	return betterOrEqual(a, b) && !betterOrEqual(b, a)
}

// Conversion ranks of an argument to a builtin parameter, as C++ overload
// resolution orders them; a scalar widened to a vector ranks last.
const (
	rankExact = iota
	rankPromotion
	rankConversion
	rankSplat
	// A pointer conversion C allows with a warning only: clang's
	// overloadable builtins accept it as a last resort. We accept one
	// that discards qualifiers; one to another pointee type (long * for
	// int *) stays an error: it would reinterpret the memory.
	rankIncompatible
)

func (c *checker) argRank(a TypeAndValue, p Type) int {
	at, pt := Underlying(a.Type), p
	if Identical(at, pt) {
		if _, isEnum := a.Type.(*Enum); isEnum {
			return rankPromotion
		}
		return rankExact
	}
	switch pt := pt.(type) {
	case *Basic:
		as := Scalar(at)
		if as == nil || !pt.Kind.IsArithmetic() {
			if _, ok := at.(*Pointer); ok && pt.Kind == Bool {
				return rankConversion
			}
			return -1
		}
		switch {
		case pt.Kind == Int && promote(as.Kind) == Int:
			return rankPromotion
		case pt.Kind == Double && (as.Kind == Float || as.Kind == Half), pt.Kind == Float && as.Kind == Half:
			return rankPromotion
		}
		return rankConversion
	case *Vector:
		if as := Scalar(at); as != nil {
			return rankSplat
		}
		return -1
	case *Pointer:
		if isNullPointer(a) {
			return rankConversion
		}
		ap, ok := at.(*Pointer)
		if !ok {
			return -1
		}
		if !toGeneric(ap.Space, pt.Space) {
			return -1
		}
		r := rankExact
		switch {
		case identicalPointee(ap.Elem, pt.Elem):
		case IsVoid(pt.Elem) || IsVoid(ap.Elem):
			r = rankConversion
		default:
			return -1
		}
		if ap.Space != pt.Space {
			// To generic: an address space conversion.
			r = rankConversion
		}
		if ap.Quals&^pt.Quals != 0 {
			return rankIncompatible
		}
		return r
	case *Image:
		if ai, ok := at.(*Image); ok && ai.Dim == pt.Dim && ai.Array == pt.Array && ai.Depth == pt.Depth {
			// Access qualifiers match exactly: a read_only image has no
			// write forms, a write_only one no read forms.
			if ai.Access == pt.Access {
				return rankExact
			}
		}
		return -1
	case *Event:
		// async copies take 0 for "no event".
		if isNullPointer(a) && isScalarInt(at) {
			return rankConversion
		}
		return -1
	case *Sampler:
		if isSampler(at) {
			return rankExact
		}
		if a.Value.Kind == IntConst && isScalarInt(at) {
			return rankConversion
		}
		return -1
	}
	return -1
}

func (c *checker) convertCall(e *syntax.CallExpr, name string, args []operand) TypeAndValue {
	tname, sat, r, _ := parseConvert(name)
	to := c.builtinType(tname)
	if len(args) != 1 {
		c.errorf(e, "too %s arguments to function call, expected 1, have %d", map[bool]string{true: "many", false: "few"}[len(args) > 1], len(args))
		return c.bad(e)
	}
	a := args[0]
	from := Underlying(a.tv.Type)
	if VecLen(from) != VecLen(to) || ElemKind(from) == Invalid || !ElemKind(from).IsArithmetic() || ElemKind(from) == Bool && VecLen(from) > 1 {
		c.errorf(e, "no matching function for call to '%s' with arguments (%s)", name, quote(a.tv.Type))
		return c.bad(e)
	}
	if sat && ElemKind(to).IsFloat() {
		c.errorf(e, "use of undeclared identifier '%s'", name)
		return c.bad(e)
	}
	c.needKindExt(e, ElemKind(to))
	o := &Overload{Name: name, Params: []Type{from}, Result: to, Convert: true, Sat: sat, Rounding: r}
	c.info.Calls[e] = Callee{Builtin: o}
	out := rv(to)
	if s := Scalar(from); s != nil && !sat && r == RoundDefault {
		out.Value = convertValue(a.tv.Value, s.Kind, ElemKind(to))
	}
	return c.record(e, out)
}

func (c *checker) needKindExt(at syntax.Node, k Kind) {
	switch k {
	case Double:
		if !c.fp64() {
			c.errorf(at, "use of type 'double' requires cl_khr_fp64 support")
		}
	case Half:
		if !c.fp16() {
			c.errorf(at, "use of type 'half' requires cl_khr_fp16 support")
		}
	}
}

func (c *checker) asCall(e *syntax.CallExpr, name string, args []operand) TypeAndValue {
	to := c.builtinType(strings.TrimPrefix(name, "as_"))
	if len(args) != 1 {
		c.errorf(e, "too %s arguments to function call, expected 1, have %d", map[bool]string{true: "many", false: "few"}[len(args) > 1], len(args))
		return c.bad(e)
	}
	a := args[0]
	from := Underlying(a.tv.Type)
	if ElemKind(from) == Invalid || ElemKind(from) == Bool || ElemKind(from) == Void {
		c.errorf(e, "invalid reinterpretation: %s to %s", quote(a.tv.Type), quote(to))
		return c.bad(e)
	}
	fs, ts := c.Sizeof(from), c.Sizeof(to)
	// A 3-vector may be reinterpreted only as a same-size 3- or 4-vector.
	if fs != ts || (VecLen(from) == 3) != (VecLen(to) == 3) && !(fs == ts && VecLen(from)+VecLen(to) == 7) {
		c.errorf(e, "invalid reinterpretation: sizes of %s and %s must match", quote(to), quote(a.tv.Type))
		return c.bad(e)
	}
	c.needKindExt(e, ElemKind(to))
	o := &Overload{Name: name, Params: []Type{from}, Result: to, AsType: true}
	c.info.Calls[e] = Callee{Builtin: o}
	return c.record(e, rv(to))
}

// bestViable is the index of the viable overload whose argument ranks are
// at least as good as every other's: -1 when none is, -2 when several are
// (an ambiguous call).
func bestViable(ranks [][]int) int {
	best := -1
	for i := range ranks {
		wins := true
		for j := range ranks {
			if i != j && !betterOrEqual(ranks[i], ranks[j]) {
				wins = false
				break
			}
		}
		if wins {
			if best >= 0 {
				return -2
			}
			best = i
		}
	}
	return best
}
