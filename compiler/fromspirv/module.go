package fromspirv

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// translator holds one module being translated and what has been learnt
// about it: definitions, names, decorations, the C spelling of types and
// constants.
type translator struct {
	m    *spirv.Module
	opts Options
	res  *Result

	off     map[*spirv.Instruction]int // word offset of every instruction
	def     map[spirv.ID]*spirv.Instruction
	names   map[spirv.ID]string
	decos   map[spirv.ID][]*spirv.Instruction // OpDecorate (group decorations expanded)
	fnByID  map[spirv.ID]*spirv.Function
	extSets map[spirv.ID]string
	addr64  bool

	ctype  map[spirv.ID]string // C spelling of every type
	cexpr  map[spirv.ID]string // C expression of constants and globals
	init   map[spirv.ID]string // C initializer of constants
	locals map[spirv.ID]bool   // Workgroup variables (declared in kernels, passed down)
	// rawArray names the program-scope variables of array type, which are
	// declared as C arrays rather than in their struct wrapper.
	rawArray map[spirv.ID]string
	// constAddrs are the addresses OpSpecConstantOp computes.
	constAddrs map[spirv.ID]constAddr
	inputs     map[spirv.ID]spirv.BuiltIn

	typedefs   strings.Builder
	globals    strings.Builder
	needCL20   bool
	exts       map[string]bool
	wrappers   map[string]bool // packed one-member structs for unaligned accesses
	forward    map[spirv.ID]bool
	forwardPtr map[spirv.ID]bool
	// staticLinkOnce marks LinkOnceODR functions defined static here.
	staticLinkOnce map[spirv.ID]bool       // structs declared ahead for OpTypeForwardPointer
	fnNames        map[spirv.ID]string     // functions with linkage names
	fnLocals       map[spirv.ID][]spirv.ID // Workgroup variables each function uses
}

// tError is a translation error naming the instruction and its word offset.
type tError struct {
	off int
	op  spirv.Op
	msg string
}

func (e *tError) Error() string {
	if e.op == 0 {
		return "fromspirv: " + e.msg
	}
	return fmt.Sprintf("fromspirv: word %d: %v: %s", e.off, e.op, e.msg)
}

// errAt reports msg about instruction in.
func (t *translator) errAt(in *spirv.Instruction, format string, args ...any) error {
	e := &tError{msg: fmt.Sprintf(format, args...)}
	if in != nil {
		e.op, e.off = in.Op, t.off[in]
	}
	return e
}

// index records every definition, name and decoration.
func (t *translator) index() error {
	pos := 5
	t.m.Walk(func(in *spirv.Instruction) {
		t.off[in] = pos
		pos += in.WordCount()
	})
	// Walk synthesizes OpFunction and OpLabel; record their offsets through
	// the real instructions' neighbours is not needed for errors.
	for _, in := range t.m.ExtInstImports {
		s, _, _ := spirv.DecodeString(in.Operands)
		t.extSets[in.Result] = s
	}
	if mm := t.m.MemoryModel; mm != nil && len(mm.Operands) >= 2 {
		switch mm.Operands[0] {
		case 1: // Physical32
		case 2: // Physical64
			t.addr64 = true
		default:
			return t.errAt(mm, "addressing model %d: want Physical32 or Physical64", mm.Operands[0])
		}
		if mm.Operands[1] != 2 {
			return t.errAt(mm, "memory model %d: want OpenCL", mm.Operands[1])
		}
	}
	for _, in := range t.m.Names {
		if in.Op == spirv.OpName && len(in.Operands) >= 2 {
			s, _, _ := spirv.DecodeString(in.Operands[1:])
			t.names[spirv.ID(in.Operands[0])] = s
		}
	}
	groups := map[spirv.ID][]*spirv.Instruction{}
	for _, in := range t.m.Annotations {
		switch in.Op {
		case spirv.OpDecorate, spirv.OpDecorateId, spirv.OpDecorateString:
			if len(in.Operands) < 2 {
				return t.errAt(in, "too few operands")
			}
			id := spirv.ID(in.Operands[0])
			t.decos[id] = append(t.decos[id], in)
			groups[id] = append(groups[id], in)
		case spirv.OpGroupDecorate:
			if len(in.Operands) < 1 {
				return t.errAt(in, "too few operands")
			}
			for _, tgt := range in.Operands[1:] {
				for _, d := range groups[spirv.ID(in.Operands[0])] {
					nd := &spirv.Instruction{Op: d.Op, Operands: append([]uint32{tgt}, d.Operands[1:]...)}
					t.off[nd] = t.off[d]
					t.decos[spirv.ID(tgt)] = append(t.decos[spirv.ID(tgt)], nd)
				}
			}
		case spirv.OpMemberDecorate, spirv.OpMemberDecorateString, spirv.OpDecorationGroup:
			// Member offsets are implied by the C layout; CPacked is a
			// decoration on the struct itself.
		case spirv.OpGroupMemberDecorate:
		default:
			return t.errAt(in, "annotation not supported")
		}
	}
	for _, in := range t.m.Globals {
		if in.Result != 0 {
			t.def[in.Result] = in
		}
	}
	for _, fn := range t.m.Functions {
		t.fnByID[fn.ID] = fn
		for _, p := range fn.Params {
			t.def[p.Result] = p
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if in.Result != 0 {
					t.def[in.Result] = in
				}
			}
		}
	}
	return nil
}

// deco returns the operands after the decoration word of id's decoration
// d, or false.
func (t *translator) deco(id spirv.ID, d spirv.Decoration) ([]uint32, bool) {
	for _, in := range t.decos[id] {
		if spirv.Decoration(in.Operands[1]) == d {
			return in.Operands[2:], true
		}
	}
	return nil, false
}

// hasParamAttr reports whether id has FuncParamAttr a.
func (t *translator) hasParamAttr(id spirv.ID, a uint32) bool {
	for _, in := range t.decos[id] {
		if spirv.Decoration(in.Operands[1]) == spirv.DecorationFuncParamAttr && len(in.Operands) > 2 && in.Operands[2] == a {
			return true
		}
	}
	return false
}

// Function parameter attributes (SPIR-V's FunctionParameterAttribute).
const (
	attrZext    = 0
	attrSext    = 1
	attrByVal   = 2
	attrSret    = 3
	attrNoAlias = 4
	attrNoWrite = 6
)

// linkage returns id's LinkageAttributes: its name and whether it is
// exported (0), imported (1) or linkonce_odr (2); ok false without.
func (t *translator) linkage(id spirv.ID) (name string, kind uint32, ok bool) {
	ops, ok := t.deco(id, spirv.DecorationLinkageAttributes)
	if !ok {
		return "", 0, false
	}
	s, n, _ := spirv.DecodeString(ops)
	if n < len(ops) {
		kind = ops[n]
	}
	return s, kind, true
}

// checkDecorations refuses decorations that would change results and are
// not honoured.
func (t *translator) checkDecorations() error {
	for _, list := range t.decos {
		for _, in := range list {
			switch spirv.Decoration(in.Operands[1]) {
			case spirv.DecorationSpecId, spirv.DecorationRestrict, spirv.DecorationAliased,
				spirv.DecorationVolatile, spirv.DecorationConstant, spirv.DecorationCoherent,
				spirv.DecorationNonWritable, spirv.DecorationNonReadable, spirv.DecorationFuncParamAttr,
				spirv.DecorationFPRoundingMode, spirv.DecorationFPFastMathMode, spirv.DecorationLinkageAttributes,
				spirv.DecorationNoContraction, spirv.DecorationAlignment, spirv.DecorationMaxByteOffset,
				spirv.DecorationAlignmentId, spirv.DecorationMaxByteOffsetId, spirv.DecorationNoSignedWrap,
				spirv.DecorationNoUnsignedWrap, spirv.DecorationUserSemantic, spirv.DecorationRelaxedPrecision,
				spirv.DecorationBuiltIn, spirv.DecorationSaturatedConversion, spirv.DecorationCPacked,
				spirv.DecorationOffset, spirv.DecorationArrayStride, spirv.DecorationUniform, spirv.DecorationUniformId:
			default:
				return t.errAt(in, "decoration %v is not supported", spirv.Decoration(in.Operands[1]))
			}
		}
	}
	return nil
}
