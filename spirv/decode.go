package spirv

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// DecodeError reports malformed SPIR-V: what is wrong and at which word
// (counted from the start of the module, the magic number being word 0).
type DecodeError struct {
	Offset int // word offset of the offending instruction or header word
	Index  int // the instruction's index (0: the first after the header); -1 for the header
	Op     Op  // the instruction's opcode, or 0 for the header
	Msg    string
}

func (e *DecodeError) Error() string {
	if e.Op == 0 && e.Offset < 5 {
		return fmt.Sprintf("spirv: header word %d: %s", e.Offset, e.Msg)
	}
	return fmt.Sprintf("spirv: word %d: %v: %s", e.Offset, e.Op, e.Msg)
}

// Decode decodes a SPIR-V binary in either byte order.
func Decode(data []byte) (*Module, error) {
	if len(data)%4 != 0 {
		return nil, &DecodeError{Index: -1, Offset: len(data) / 4, Msg: fmt.Sprintf("length %d is not a multiple of 4", len(data))}
	}
	if len(data) < 20 {
		return nil, &DecodeError{Index: -1, Msg: fmt.Sprintf("%d bytes is too short for a header", len(data))}
	}
	var order binary.ByteOrder = binary.LittleEndian
	if binary.BigEndian.Uint32(data) == MagicNumber {
		order = binary.BigEndian
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = order.Uint32(data[4*i:])
	}
	return DecodeWords(words)
}

// DecodeWords decodes a SPIR-V module given as words in host order.
func DecodeWords(words []uint32) (*Module, error) {
	if len(words) < 5 {
		return nil, &DecodeError{Index: -1, Msg: fmt.Sprintf("%d words is too short for a header", len(words))}
	}
	if words[0] != MagicNumber {
		return nil, &DecodeError{Index: -1, Msg: fmt.Sprintf("bad magic number %#08x", words[0])}
	}
	v := Version(words[1])
	if v&0xff0000ff != 0 || v.Major() != 1 || v.Minor() > 6 {
		return nil, &DecodeError{Index: -1, Offset: 1, Msg: fmt.Sprintf("unsupported version word %#08x", words[1])}
	}
	if words[3] == 0 {
		return nil, &DecodeError{Index: -1, Offset: 3, Msg: "id bound is 0"}
	}
	if words[4] != 0 {
		return nil, &DecodeError{Index: -1, Offset: 4, Msg: fmt.Sprintf("schema is %d, want 0", words[4])}
	}
	d := &decoder{
		m:       &Module{Version: v, Generator: words[2], Bound: words[3]},
		types:   map[ID]*Instruction{},
		typeOf:  map[ID]ID{},
		defined: map[ID]bool{},
		imports: map[ID]string{},
	}
	index := 0
	for pos := 5; pos < len(words); index++ {
		n := int(words[pos] >> 16)
		op := Op(words[pos] & 0xffff)
		if n == 0 {
			return nil, &DecodeError{Offset: pos, Index: index, Op: op, Msg: "word count is 0"}
		}
		if pos+n > len(words) {
			return nil, &DecodeError{Offset: pos, Index: index, Op: op, Msg: fmt.Sprintf("word count %d runs past the end of the module (%d words left)", n, len(words)-pos)}
		}
		if err := d.instruction(pos, op, words[pos+1:pos+n]); err != nil {
			if de, ok := err.(*DecodeError); ok {
				de.Index = index
			}
			return nil, err
		}
		pos += n
	}
	if d.fn != nil {
		return nil, &DecodeError{Offset: len(words), Index: index, Op: OpFunction, Msg: fmt.Sprintf("function %%%d has no OpFunctionEnd", d.fn.ID)}
	}
	return d.m, nil
}

// Sections of the logical layout, in order.
const (
	secCapability = iota
	secExtension
	secExtInstImport
	secMemoryModel
	secEntryPoint
	secExecutionMode
	secDebugSource
	secName
	secModuleProcessed
	secAnnotation
	secGlobal
	secFunction
	secTrailing
)

type decoder struct {
	m       *Module
	sec     int
	fn      *Function
	blk     *Block
	types   map[ID]*Instruction // type declarations
	typeOf  map[ID]ID           // result type of every value
	defined map[ID]bool
	imports map[ID]string // ext inst set names
}

func (d *decoder) instruction(pos int, op Op, rest []uint32) error {
	errf := func(format string, args ...any) error {
		return &DecodeError{Offset: pos, Op: op, Msg: fmt.Sprintf(format, args...)}
	}
	info := op.Info()
	if info == nil {
		return errf("unknown opcode %d", uint16(op))
	}
	in := &Instruction{Op: op}
	if info.HasResultType {
		if len(rest) == 0 {
			return errf("missing result type")
		}
		in.ResultType = ID(rest[0])
		rest = rest[1:]
		if err := d.checkID(in.ResultType); err != nil {
			return errf("result type: %v", err)
		}
	}
	if info.HasResult {
		if len(rest) == 0 {
			return errf("missing result id")
		}
		in.Result = ID(rest[0])
		rest = rest[1:]
		if err := d.checkID(in.Result); err != nil {
			return errf("result id: %v", err)
		}
		if d.defined[in.Result] {
			return errf("result id %%%d is defined twice", in.Result)
		}
		d.defined[in.Result] = true
	}
	in.Operands = append([]uint32(nil), rest...)
	if err := walkOperands(in, d.m.Bound, d, nil); err != nil {
		return errf("%v", err)
	}
	if in.ResultType != 0 {
		d.typeOf[in.Result] = in.ResultType
	}
	return d.place(pos, in, info, errf)
}

func (d *decoder) checkID(id ID) error {
	if id == 0 {
		return fmt.Errorf("id 0 is invalid")
	}
	if uint32(id) >= d.m.Bound {
		return fmt.Errorf("id %%%d is not below the bound %d", id, d.m.Bound)
	}
	return nil
}

// place files the instruction into its section, checking the layout order.
func (d *decoder) place(pos int, in *Instruction, info *OpInfo, errf func(string, ...any) error) error {
	m := d.m
	op := in.Op
	// Inside a function body everything but the function's own structure is
	// an ordinary instruction.
	if d.fn != nil {
		switch op {
		case OpFunction:
			return errf("function %%%d starts inside function %%%d", in.Result, d.fn.ID)
		case OpFunctionParameter:
			if len(d.fn.Blocks) > 0 {
				return errf("parameter after the first block")
			}
			d.fn.Params = append(d.fn.Params, in)
		case OpLabel:
			if d.blk != nil {
				return errf("block %%%d starts before block %%%d is terminated", in.Result, d.blk.Label)
			}
			d.blk = &Block{Label: in.Result}
			d.fn.Blocks = append(d.fn.Blocks, d.blk)
		case OpFunctionEnd:
			if d.blk != nil {
				return errf("block %%%d is not terminated", d.blk.Label)
			}
			d.fn = nil
		default:
			if d.blk == nil {
				return errf("instruction outside a block")
			}
			d.blk.Insts = append(d.blk.Insts, in)
			if IsTerminator(op) {
				d.blk = nil
			}
		}
		return nil
	}

	sec := -1
	switch op {
	case OpCapability:
		sec = secCapability
	case OpExtension:
		sec = secExtension
	case OpExtInstImport:
		sec = secExtInstImport
		s, _, _ := DecodeString(in.Operands)
		d.imports[in.Result] = s
	case OpMemoryModel:
		sec = secMemoryModel
		if m.MemoryModel != nil {
			return errf("second OpMemoryModel")
		}
	case OpEntryPoint:
		sec = secEntryPoint
	case OpExecutionMode, OpExecutionModeId:
		sec = secExecutionMode
	case OpString, OpSourceExtension, OpSource, OpSourceContinued:
		sec = secDebugSource
	case OpName, OpMemberName:
		sec = secName
	case OpModuleProcessed:
		sec = secModuleProcessed
	case OpDecorate, OpMemberDecorate, OpDecorationGroup, OpGroupDecorate,
		OpGroupMemberDecorate, OpDecorateId, OpDecorateString, OpMemberDecorateString:
		sec = secAnnotation
	case OpFunction:
		sec = secFunction
	case OpExtInst:
		sec = secGlobal
		if d.sec >= secFunction {
			sec = secTrailing
		}
	case OpVariable, OpUndef, OpLine, OpNoLine:
		sec = secGlobal
	default:
		if info.Class == "Type-Declaration" || info.Class == "Constant-Creation" {
			sec = secGlobal
		}
	}
	if sec < 0 {
		return errf("instruction outside a function")
	}
	if sec < d.sec {
		return errf("out of the logical layout order (section %s after %s)", sectionNames[sec], sectionNames[d.sec])
	}
	if sec == secTrailing && d.sec == secTrailing && op == OpFunction {
		return errf("function after trailing non-semantic instructions")
	}
	d.sec = sec
	switch sec {
	case secCapability:
		m.Capabilities = append(m.Capabilities, in)
	case secExtension:
		m.Extensions = append(m.Extensions, in)
	case secExtInstImport:
		m.ExtInstImports = append(m.ExtInstImports, in)
	case secMemoryModel:
		m.MemoryModel = in
	case secEntryPoint:
		m.EntryPoints = append(m.EntryPoints, in)
	case secExecutionMode:
		m.ExecutionModes = append(m.ExecutionModes, in)
	case secDebugSource:
		m.DebugSources = append(m.DebugSources, in)
	case secName:
		m.Names = append(m.Names, in)
	case secModuleProcessed:
		m.ModuleProcessed = append(m.ModuleProcessed, in)
	case secAnnotation:
		m.Annotations = append(m.Annotations, in)
	case secGlobal:
		m.Globals = append(m.Globals, in)
		if info.Class == "Type-Declaration" {
			d.types[in.Result] = in
		}
	case secFunction:
		d.fn = &Function{ResultType: in.ResultType, ID: in.Result, Control: FunctionControl(in.Operands[0]), Type: ID(in.Operands[1])}
		m.Functions = append(m.Functions, d.fn)
	case secTrailing:
		m.Trailing = append(m.Trailing, in)
	}
	return nil
}

var sectionNames = [...]string{
	secCapability:      "capabilities",
	secExtension:       "extensions",
	secExtInstImport:   "extended instruction imports",
	secMemoryModel:     "memory model",
	secEntryPoint:      "entry points",
	secExecutionMode:   "execution modes",
	secDebugSource:     "debug sources",
	secName:            "debug names",
	secModuleProcessed: "module processed",
	secAnnotation:      "annotations",
	secGlobal:          "types, constants and global variables",
	secFunction:        "functions",
	secTrailing:        "trailing non-semantic instructions",
}

// typeContext answers the questions operand parsing needs about ids defined
// earlier in the module.
type typeContext interface {
	typeDecl(id ID) *Instruction // the declaration of type id, or nil
	valueType(id ID) ID          // the result type of value id, or 0
	importName(id ID) string     // the name of an OpExtInstImport, or ""
}

func (d *decoder) typeDecl(id ID) *Instruction { return d.types[id] }
func (d *decoder) valueType(id ID) ID          { return d.typeOf[id] }
func (d *decoder) importName(id ID) string     { return d.imports[id] }

// operand is one parsed operand: its kind and its words within Operands.
type operand struct {
	kind  OperandKind
	name  string // the operand's name in the grammar, or ""
	start int    // index into Instruction.Operands
	n     int    // number of words
}

// walkOperands parses in.Operands against the grammar, checking ids against
// bound, and reports each operand to visit (which may be nil).
func walkOperands(in *Instruction, bound uint32, ctx typeContext, visit func(operand)) error {
	return walk(&walker{in: in, bound: bound, ctx: ctx, visit: visit})
}

func walk(w *walker) error {
	in := w.in
	info := in.Op.Info()
	if in.Op == OpExtInst {
		if err := w.extInst(); err != nil {
			return err
		}
	} else if err := w.list(info.Operands); err != nil {
		return err
	}
	if w.pos < len(in.Operands) {
		return fmt.Errorf("%d unexpected extra operand words at operand word %d", len(in.Operands)-w.pos, w.pos)
	}
	return nil
}

type walker struct {
	in    *Instruction
	bound uint32
	ctx   typeContext
	visit func(operand)
	pos   int
	name  string // the grammar's name of the operand being parsed
	// lenient: literal numbers whose type is unknown take the rest of the
	// instruction (OpConstant) or one word (OpSwitch) instead of failing.
	lenient bool
}

// extInst parses OpExtInst: the set, the instruction number, then the
// operands as that set's grammar lays them out where the set is known, or
// as plain words (reported as ids) where it is not.
func (w *walker) extInst() error {
	if w.left() < 2 {
		return fmt.Errorf("missing set or instruction number")
	}
	if err := w.id(KindIdRef); err != nil {
		return fmt.Errorf("operand 'Set': %v", err)
	}
	set := ""
	if w.ctx != nil {
		set = w.ctx.importName(ID(w.in.Operands[0]))
	}
	inst := w.in.Operands[w.pos]
	w.emit(KindLiteralExtInstInteger, 1)
	if e, ok := ExtInst(set, inst); ok {
		if err := w.list(e.Operands); err != nil {
			return fmt.Errorf("%s %s: %v", set, e.Name, err)
		}
		return nil
	}
	// An instruction of a non-semantic set the tables do not know (a newer
	// clspv's reflection) may be ignored, as the specification allows.
	if knownExtInstSet(set) && !strings.HasPrefix(set, "NonSemantic.") {
		return fmt.Errorf("unknown %s instruction %d", set, inst)
	}
	for w.left() > 0 {
		w.emit(KindIdRef, 1)
	}
	return nil
}

func (w *walker) left() int { return len(w.in.Operands) - w.pos }

func (w *walker) emit(kind OperandKind, n int) {
	if w.visit != nil {
		w.visit(operand{kind: kind, name: w.name, start: w.pos, n: n})
	}
	w.pos += n
}

func (w *walker) list(ops []OperandInfo) error {
	for _, o := range ops {
		w.name = o.Name
		switch o.Quantifier {
		case One:
			if w.left() == 0 {
				if o.Name == "" {
					return fmt.Errorf("missing operand %v", o.Kind)
				}
				return fmt.Errorf("missing operand %s (%v)", operandName(o), o.Kind)
			}
			if err := w.one(o.Kind); err != nil {
				return fmt.Errorf("operand %s: %v", operandName(o), err)
			}
		case Optional:
			if w.left() > 0 {
				if err := w.one(o.Kind); err != nil {
					return fmt.Errorf("operand %s: %v", operandName(o), err)
				}
			}
		case Variadic:
			for w.left() > 0 {
				if err := w.one(o.Kind); err != nil {
					return fmt.Errorf("operand %s: %v", operandName(o), err)
				}
			}
		}
	}
	return nil
}

func operandName(o OperandInfo) string {
	if o.Name != "" {
		return "'" + o.Name + "'"
	}
	return o.Kind.String()
}

func (w *walker) id(kind OperandKind) error {
	id := w.in.Operands[w.pos]
	if id == 0 {
		return fmt.Errorf("id 0 is invalid")
	}
	if id >= w.bound {
		return fmt.Errorf("id %%%d is not below the bound %d", id, w.bound)
	}
	w.emit(kind, 1)
	return nil
}

// numberWords returns how many words a literal number of type t occupies.
func (w *walker) numberWords(t ID) (int, error) {
	decl := w.ctx.typeDecl(t)
	if decl == nil || (decl.Op != OpTypeInt && decl.Op != OpTypeFloat) || len(decl.Operands) == 0 {
		return 0, fmt.Errorf("type %%%d of a literal number is not a declared integer or float type", t)
	}
	width := decl.Operands[0]
	if width == 0 || width > 64 {
		return 0, fmt.Errorf("unsupported literal width %d", width)
	}
	return int(width+31) / 32, nil
}

func (w *walker) one(kind OperandKind) error {
	in := w.in
	switch kind {
	case KindIdRef, KindIdResultType, KindIdResult, KindIdScope, KindIdMemorySemantics:
		return w.id(kind)
	case KindLiteralInteger, KindLiteralExtInstInteger:
		w.emit(kind, 1)
		return nil
	case KindLiteralString:
		_, n, ok := DecodeString(in.Operands[w.pos:])
		if !ok {
			return fmt.Errorf("literal string has no terminating nul")
		}
		w.emit(kind, n)
		return nil
	case KindLiteralContextDependentNumber:
		// OpConstant and OpSpecConstant: the value's width is its type's.
		n, err := w.numberWords(in.ResultType)
		if err != nil && w.lenient {
			n, err = w.left(), nil
		}
		if err != nil {
			return err
		}
		if w.left() != n {
			return fmt.Errorf("value has %d words, its type needs %d", w.left(), n)
		}
		w.emit(kind, n)
		return nil
	case KindLiteralSpecConstantOpInteger:
		op := Op(in.Operands[w.pos])
		info := op.Info()
		if info == nil || !info.HasResult || !info.HasResultType || op == OpSpecConstantOp {
			return fmt.Errorf("%d is not an opcode OpSpecConstantOp can apply", uint32(op))
		}
		w.emit(kind, 1)
		return w.list(info.Operands)
	case KindPairLiteralIntegerIdRef:
		// Only OpSwitch targets: the literal has the selector's width.
		n := 1
		if in.Op == OpSwitch {
			t := w.ctx.valueType(ID(in.Operands[0]))
			var err error
			if n, err = w.numberWords(t); err != nil {
				if !w.lenient {
					return fmt.Errorf("selector: %v", err)
				}
				n = 1
			}
		}
		if w.left() < n+1 {
			return fmt.Errorf("truncated (literal, label) pair")
		}
		w.emit(KindLiteralInteger, n)
		return w.id(KindIdRef)
	case KindPairIdRefLiteralInteger:
		if w.left() < 2 {
			return fmt.Errorf("truncated (id, literal) pair")
		}
		if err := w.id(KindIdRef); err != nil {
			return err
		}
		w.emit(KindLiteralInteger, 1)
		return nil
	case KindPairIdRefIdRef:
		if w.left() < 2 {
			return fmt.Errorf("truncated (id, id) pair")
		}
		if err := w.id(KindIdRef); err != nil {
			return err
		}
		return w.id(KindIdRef)
	}
	if !kind.IsEnum() {
		return fmt.Errorf("operand kind %v is not supported", kind)
	}
	v := in.Operands[w.pos]
	names := enumNames(kind)
	w.emit(kind, 1)
	if kind.IsMask() {
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if v&bit == 0 {
				continue
			}
			if _, ok := names[bit]; !ok {
				return fmt.Errorf("unknown %v bit %#x", kind, bit)
			}
			if err := w.list(enumParams(kind, bit)); err != nil {
				return fmt.Errorf("%v %s: %v", kind, names[bit], err)
			}
		}
		return nil
	}
	if _, ok := names[v]; !ok {
		return fmt.Errorf("unknown %v %d", kind, v)
	}
	if err := w.list(enumParams(kind, v)); err != nil {
		return fmt.Errorf("%v %s: %v", kind, names[v], err)
	}
	return nil
}

// knownExtInstSet reports whether the tables describe the set's instructions.
func knownExtInstSet(set string) bool {
	return set == "GLSL.std.450" || strings.HasPrefix(set, "NonSemantic.ClspvReflection.") || otherExtInsts.get()[set] != nil
}
