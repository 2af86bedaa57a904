package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// renamed are OpenCL.std instructions whose OpenCL C builtin is spelled
// differently (after the s_/u_ prefix is dropped).
var renamed = map[string]string{
	"fmin_common": "min", "fmax_common": "max", "fclamp": "clamp",
}

// signedIntArgs are the argument positions that OpenCL C declares as
// (signed) int for builtins taking unsigned-agnostic SPIR-V integers.
var signedIntArgs = map[string][]int{
	"ldexp": {1}, "pown": {1}, "rootn": {1},
}

// signedIntPtrArgs are the argument positions that point to int.
var signedIntPtrArgs = map[string][]int{
	"frexp": {1}, "lgamma_r": {1}, "remquo": {2},
}

// extInst writes an OpExtInst: OpenCL.std instructions as the OpenCL C
// builtin of the same name; non-semantic instructions are dropped.
func (e *fnEmitter) extInst(in *spirv.Instruction) error {
	t := e.t
	ops := in.Operands
	if len(ops) < 2 {
		return t.errAt(in, "too few operands")
	}
	set := t.extSets[spirv.ID(ops[0])]
	if strings.HasPrefix(set, "NonSemantic.") || strings.HasPrefix(set, "DebugInfo") || strings.HasPrefix(set, "OpenCL.DebugInfo") {
		return nil
	}
	if set != "OpenCL.std" {
		return t.errAt(in, "extended instruction set %q is not supported", set)
	}
	info, ok := spirv.ExtInst(set, ops[1])
	if !ok {
		return t.errAt(in, "OpenCL.std instruction %d is unknown", ops[1])
	}
	name := info.Name
	args := ops[2:]
	var vals []string
	for _, a := range args {
		v, err := e.val(spirv.ID(a))
		if err != nil {
			if name == "printf" || name == "vloadn" || name == "vload_halfn" || name == "vloada_halfn" || name == "vstore_half_r" || name == "vstore_halfn_r" || name == "vstorea_halfn_r" {
				vals = append(vals, "")
				continue
			}
			return t.errAt(in, "%s: %v", name, err)
		}
		vals = append(vals, v)
	}
	argType := func(i int) spirv.ID {
		if i < len(args) {
			if d := t.def[spirv.ID(args[i])]; d != nil {
				return d.ResultType
			}
		}
		return 0
	}
	sgn := func(i int) {
		ti := t.info(argType(i))
		if ti.op == spirv.OpTypeInt {
			vals[i] = reinterpret(intName(ti.width, true, ti.n), ti.n, vals[i])
		}
	}
	need := func(n int) error {
		if len(vals) < n {
			return t.errAt(in, "%s: too few operands", name)
		}
		return nil
	}
	rty := t.ctype[in.ResultType]
	ri := t.info(in.ResultType)
	lit := func(i int) uint32 { return args[i] }
	rounding := func(m uint32) string { return map[uint32]string{0: "_rte", 1: "_rtz", 2: "_rtp", 3: "_rtn"}[m] }
	call := ""
	switch name {
	case "printf":
		return e.printf(in, args)
	case "vloadn":
		if err := need(3); err != nil {
			return err
		}
		call = fmt.Sprintf("vload%d(%s, %s)", lit(2), vals[0], vals[1])
	case "vstoren":
		if err := need(3); err != nil {
			return err
		}
		call = fmt.Sprintf("vstore%d(%s, %s, %s)", t.info(argType(0)).n, vals[0], vals[1], vals[2])
	case "vload_half":
		if err := need(2); err != nil {
			return err
		}
		call = fmt.Sprintf("vload_half(%s, %s)", vals[0], vals[1])
	case "vload_halfn", "vloada_halfn":
		if err := need(3); err != nil {
			return err
		}
		pre := strings.TrimSuffix(name, "n")
		call = fmt.Sprintf("%s%d(%s, %s)", pre, lit(2), vals[0], vals[1])
	case "vstore_half", "vstore_halfn", "vstorea_halfn":
		if err := need(3); err != nil {
			return err
		}
		call = fmt.Sprintf("%s(%s, %s, %s)", halfStoreName(name, t.info(argType(0)).n), vals[0], vals[1], vals[2])
	case "vstore_half_r", "vstore_halfn_r", "vstorea_halfn_r":
		if err := need(4); err != nil {
			return err
		}
		base := strings.TrimSuffix(name, "_r")
		call = fmt.Sprintf("%s%s(%s, %s, %s)", halfStoreName(base, t.info(argType(0)).n), rounding(lit(3)), vals[0], vals[1], vals[2])
	default:
		base := name
		signedOps := false
		if strings.HasPrefix(name, "s_") {
			base, signedOps = name[2:], true
		} else if strings.HasPrefix(name, "u_") {
			base = name[2:]
		}
		if r, ok := renamed[base]; ok {
			base = r
		}
		for i := range vals {
			if signedOps && !(name == "s_upsample" && i == 1) {
				sgn(i)
			}
		}
		for _, i := range signedIntArgs[base] {
			if i < len(vals) {
				sgn(i)
			}
		}
		for _, i := range signedIntPtrArgs[base] {
			if i < len(vals) {
				sc, elem, ok := t.pointee(argType(i))
				if ok {
					as, err := t.addrSpace(in, sc)
					if err != nil {
						return err
					}
					ei := t.info(elem)
					vals[i] = fmt.Sprintf("((%s %s *)%s)", as, intName(ei.width, true, ei.n), vals[i])
				}
			}
		}
		call = fmt.Sprintf("%s(%s)", base, strings.Join(vals, ", "))
		if ri.op == spirv.OpTypeInt {
			call = reinterpret(rty, ri.n, call)
		}
	}
	if rty == "void" || rty == "" {
		e.line("%s;", call)
	} else {
		e.line("_%d = %s;", in.Result, call)
	}
	return nil
}

// halfStoreName spells vstore_half / vstore_halfN / vstorea_halfN for
// data of n components.
func halfStoreName(name string, n uint32) string {
	switch name {
	case "vstore_half":
		return "vstore_half"
	case "vstore_halfn":
		return fmt.Sprintf("vstore_half%d", n)
	}
	return fmt.Sprintf("vstorea_half%d", n)
}

// printf writes a printf call; the format (and %s arguments) must be
// constant strings, which OpenCL C spells as literals.
func (e *fnEmitter) printf(in *spirv.Instruction, args []uint32) error {
	t := e.t
	if len(args) < 1 {
		return t.errAt(in, "printf: no format")
	}
	format, ok := t.constString(spirv.ID(args[0]))
	if !ok {
		return t.errAt(in, "printf: the format is not a constant string")
	}
	parts := []string{cString(format)}
	for _, a := range args[1:] {
		if s, ok := t.constString(spirv.ID(a)); ok {
			parts = append(parts, cString(s))
			continue
		}
		v, err := e.val(spirv.ID(a))
		if err != nil {
			return t.errAt(in, "printf: %v", err)
		}
		parts = append(parts, v)
	}
	call := fmt.Sprintf("printf(%s)", strings.Join(parts, ", "))
	if rty := t.ctype[in.ResultType]; rty != "void" {
		e.line("_%d = (%s)%s;", in.Result, rty, call)
	} else {
		e.line("%s;", call)
	}
	return nil
}

// constString follows a pointer back to a constant character array.
func (t *translator) constString(id spirv.ID) (string, bool) {
	for range 16 {
		d := t.def[id]
		if d == nil {
			return "", false
		}
		switch d.Op {
		case spirv.OpBitcast, spirv.OpPtrCastToGeneric, spirv.OpCopyObject, spirv.OpGenericCastToPtr:
			id = spirv.ID(d.Operands[0])
			continue
		case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
			for _, w := range d.Operands[1:] {
				if v, ok := t.constUint(spirv.ID(w)); !ok || v != 0 {
					return "", false
				}
			}
			id = spirv.ID(d.Operands[0])
			continue
		case spirv.OpSpecConstantOp:
			if len(d.Operands) >= 2 {
				switch spirv.Op(d.Operands[0]) {
				case spirv.OpBitcast, spirv.OpPtrCastToGeneric, spirv.OpInBoundsPtrAccessChain, spirv.OpPtrAccessChain, spirv.OpAccessChain, spirv.OpInBoundsAccessChain:
					for _, w := range d.Operands[2:] {
						if v, ok := t.constUint(spirv.ID(w)); !ok || v != 0 {
							return "", false
						}
					}
					id = spirv.ID(d.Operands[1])
					continue
				}
			}
			return "", false
		case spirv.OpVariable:
			if len(d.Operands) < 2 || d.Operands[0] != scUniformConstant {
				return "", false
			}
			c := t.def[spirv.ID(d.Operands[1])]
			if c == nil {
				return "", false
			}
			if c.Op == spirv.OpConstantNull {
				return "", true
			}
			if c.Op != spirv.OpConstantComposite {
				return "", false
			}
			var sb strings.Builder
			for _, w := range c.Operands {
				v, ok := t.constUint(spirv.ID(w))
				if !ok {
					return "", false
				}
				if v == 0 {
					break
				}
				sb.WriteByte(byte(v))
			}
			return sb.String(), true
		}
		return "", false
	}
	return "", false
}

// cString spells s as a C string literal.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c >= 0x20 && c < 0x7f && c != '?':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
