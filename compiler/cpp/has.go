package cpp

import "strings"

// clang's feature-test operators: __has_builtin(x), __has_feature(x),
// __has_extension(x), __has_attribute(x), __has_c_attribute(x) and, in
// #if, __has_include("file") / __has_include(<file>). Each expands to 1 or
// 0, and `defined` says they exist, so that the usual guard
// `#ifndef __has_builtin / #define __has_builtin(x) 0` keeps them.

// ClangBuiltins are the __builtin_ functions the checker implements; the
// types package checks that it accepts every one.
var ClangBuiltins = map[string]bool{
	"__builtin_expect": true, "__builtin_expect_with_probability": true,
	"__builtin_assume": true, "__builtin_unreachable": true,
	"__builtin_nan": true, "__builtin_nanf": true, "__builtin_nanl": true, "__builtin_nanf16": true,
	"__builtin_inf": true, "__builtin_inff": true, "__builtin_infl": true, "__builtin_inff16": true,
	"__builtin_huge_val": true, "__builtin_huge_valf": true, "__builtin_huge_vall": true,
	"__builtin_isnan": true, "__builtin_isinf": true, "__builtin_isfinite": true,
	"__builtin_isnormal": true, "__builtin_signbit": true,
	"__builtin_constant_p": true,
}

// clangAttributes are the attributes clgo accepts (and acts on where it
// matters: aligned, packed, the kernel attributes, overloadable).
var clangAttributes = map[string]bool{
	"aligned": true, "packed": true, "unused": true, "used": true, "always_inline": true,
	"noinline": true, "overloadable": true, "ext_vector_type": true, "const": true, "pure": true, "nodebug": true,
	"reqd_work_group_size": true, "work_group_size_hint": true, "vec_type_hint": true,
	"opencl_unroll_hint": true, "nosvm": true, "endian": true, "deprecated": true,
	"may_alias": true, "warn_unused_result": true, "maybe_unused": true, "fallthrough": true,
}

// clangFeatures answer __has_feature; clangExtensions add what
// __has_extension also says yes to (C11 features taken as extensions).
var (
	clangFeatures   = map[string]bool{"attribute_overloadable": true}
	clangExtensions = map[string]bool{"c_static_assert": true, "c_alignof": true}
)

func isHasOperator(name string) bool {
	switch name {
	case "__has_builtin", "__has_feature", "__has_extension", "__has_attribute",
		"__has_c_attribute", "__has_include", "__has_include_next":
		return true
	}
	return false
}

// hasOperator evaluates the operator t (reading its parenthesized operand
// unexpanded) to a 0 or 1 token.
func (p *pp) hasOperator(t token) token {
	r := token{kind: Number, text: "0", pos: t.pos, space: t.space, bol: t.bol}
	open := p.next()
	if !open.is("(") {
		p.diags.Errorf(open.pos, "missing '(' after '%s'", t.text)
		p.unget(open)
		return r
	}
	var arg []token
	for depth := 0; ; {
		n := p.next()
		if n.kind == EOF || n.bol && p.line == nil {
			p.diags.Errorf(n.pos, "missing ')' after '%s'", t.text)
			p.unget(n)
			return r
		}
		if n.is(")") && depth == 0 {
			break
		}
		if n.is("(") {
			depth++
		} else if n.is(")") {
			depth--
		}
		arg = append(arg, n)
	}
	if strings.HasPrefix(t.text, "__has_include") {
		if !p.inIf {
			p.diags.Errorf(t.pos, "'%s' must be used within a preprocessing directive", t.text)
			return r
		}
		if len(arg) == 1 && arg[0].kind != String {
			arg = p.expandList(arg, endOf(t, arg))
		}
		file, quoted, ok := p.headerName(t, arg)
		if !ok {
			return r
		}
		if _, lf, _ := p.find(file, quoted, dirOf(p.files[len(p.files)-1].path)); lf != nil {
			r.text = "1"
		}
		return r
	}
	if len(arg) != 1 || arg[0].kind != Ident {
		p.diags.Errorf(t.pos, "'%s' requires an identifier", t.text)
		return r
	}
	name := arg[0].text
	yes := false
	switch t.text {
	case "__has_builtin":
		yes = ClangBuiltins[name]
	case "__has_feature":
		yes = clangFeatures[name]
	case "__has_extension":
		yes = clangFeatures[name] || clangExtensions[name]
	case "__has_attribute":
		if len(name) > 4 && strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") {
			name = name[2 : len(name)-2]
		}
		yes = clangAttributes[name]
	}
	if yes {
		r.text = "1"
	}
	return r
}
