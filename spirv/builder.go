package spirv

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Builder builds a Module: it allocates ids, deduplicates types, constants
// and module-level declarations, and appends instructions to the current
// block of the current function.
//
// Methods that take an id expect one the builder made; a wrong id is a bug in
// the caller and panics with a message that names it.
type Builder struct {
	Module *Module

	defs   map[ID]*Instruction // global types, constants and variables by id
	types  map[string]ID       // dedup key -> type id
	consts map[string]ID       // dedup key -> constant id
	seen   map[string]bool     // dedup of capabilities, extensions, decorations, names
	imps   map[string]ID       // OpExtInstImport by set name
	strs   map[string]ID       // OpString by text

	fn  *Function
	blk *Block
	// local: the function-level instructions and parameters emitted
	// through the builder, by result id (LocalDef)
	local map[ID]*Instruction
	// number of OpVariables at the top of the current function's entry block
	nvars map[*Function]int
}

// NewBuilder returns a builder for an empty module of the given version with
// clgo's generator word.
func NewBuilder(v Version) *Builder {
	return &Builder{
		Module: &Module{Version: v, Generator: GeneratorClgo, Bound: 1},
		defs:   map[ID]*Instruction{},
		local:  map[ID]*Instruction{},
		types:  map[string]ID{},
		consts: map[string]ID{},
		seen:   map[string]bool{},
		imps:   map[string]ID{},
		strs:   map[string]ID{},
		nvars:  map[*Function]int{},
	}
}

// NewID allocates a fresh id.
func (b *Builder) NewID() ID {
	id := ID(b.Module.Bound)
	b.Module.Bound++
	return id
}

// Def returns the module-level instruction (type, constant, global variable)
// that defines id, or nil.
func (b *Builder) Def(id ID) *Instruction { return b.defs[id] }

// LocalDef returns the instruction or parameter of a function that the
// builder emitted with result id (nil if none did): finding the type of a
// value without searching the function, which made lowering a kernel of a
// million instructions quadratic.
func (b *Builder) LocalDef(id ID) *Instruction { return b.local[id] }

func key(op Op, operands []uint32) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(int(op)))
	for _, w := range operands {
		sb.WriteByte(',')
		sb.WriteString(strconv.FormatUint(uint64(w), 10))
	}
	return sb.String()
}

func (b *Builder) global(op Op, resultType ID, operands []uint32) ID {
	id := b.NewID()
	in := &Instruction{Op: op, ResultType: resultType, Result: id, Operands: operands}
	b.Module.Globals = append(b.Module.Globals, in)
	b.defs[id] = in
	return id
}

// Type returns the id of the type declared by op with operands, declaring it
// on first use. Use NewType for a type that must stay distinct.
func (b *Builder) Type(op Op, operands ...uint32) ID {
	k := key(op, operands)
	if id, ok := b.types[k]; ok {
		return id
	}
	id := b.global(op, 0, append([]uint32(nil), operands...))
	b.types[k] = id
	return id
}

// NewType declares a type that is never shared, e.g. a struct that will
// carry its own decorations.
func (b *Builder) NewType(op Op, operands ...uint32) ID {
	return b.global(op, 0, append([]uint32(nil), operands...))
}

func ids(list []ID) []uint32 {
	w := make([]uint32, len(list))
	for i, id := range list {
		w[i] = uint32(id)
	}
	return w
}

// TypeVoid returns OpTypeVoid.
func (b *Builder) TypeVoid() ID { return b.Type(OpTypeVoid) }

// TypeBool returns OpTypeBool.
func (b *Builder) TypeBool() ID { return b.Type(OpTypeBool) }

// TypeInt returns OpTypeInt width signedness (signedness 1 for signed).
func (b *Builder) TypeInt(width, signedness uint32) ID { return b.Type(OpTypeInt, width, signedness) }

// TypeFloat returns OpTypeFloat width.
func (b *Builder) TypeFloat(width uint32) ID { return b.Type(OpTypeFloat, width) }

// TypeVector returns OpTypeVector elem n.
func (b *Builder) TypeVector(elem ID, n uint32) ID { return b.Type(OpTypeVector, uint32(elem), n) }

// TypeArray returns OpTypeArray elem length, length being a constant's id.
func (b *Builder) TypeArray(elem, length ID) ID {
	return b.Type(OpTypeArray, uint32(elem), uint32(length))
}

// NewTypeArray declares a distinct OpTypeArray (for its own ArrayStride).
func (b *Builder) NewTypeArray(elem, length ID) ID {
	return b.NewType(OpTypeArray, uint32(elem), uint32(length))
}

// TypeRuntimeArray returns OpTypeRuntimeArray elem.
func (b *Builder) TypeRuntimeArray(elem ID) ID { return b.Type(OpTypeRuntimeArray, uint32(elem)) }

// NewTypeRuntimeArray declares a distinct OpTypeRuntimeArray.
func (b *Builder) NewTypeRuntimeArray(elem ID) ID {
	return b.NewType(OpTypeRuntimeArray, uint32(elem))
}

// TypeStruct returns a shared OpTypeStruct of members. A struct that gets
// decorations (Block, Offset) should come from NewTypeStruct.
func (b *Builder) TypeStruct(members ...ID) ID { return b.Type(OpTypeStruct, ids(members)...) }

// NewTypeStruct declares a distinct OpTypeStruct of members.
func (b *Builder) NewTypeStruct(members ...ID) ID { return b.NewType(OpTypeStruct, ids(members)...) }

// TypePointer returns OpTypePointer sc elem.
func (b *Builder) TypePointer(sc StorageClass, elem ID) ID {
	return b.Type(OpTypePointer, uint32(sc), uint32(elem))
}

// TypeFunction returns OpTypeFunction result params...
func (b *Builder) TypeFunction(result ID, params ...ID) ID {
	return b.Type(OpTypeFunction, append([]uint32{uint32(result)}, ids(params)...)...)
}

// TypeImage returns OpTypeImage with an unknown access qualifier.
func (b *Builder) TypeImage(sampled ID, dim Dim, depth, arrayed, ms, sampledMode uint32, format ImageFormat) ID {
	return b.Type(OpTypeImage, uint32(sampled), uint32(dim), depth, arrayed, ms, sampledMode, uint32(format))
}

// TypeSampler returns OpTypeSampler.
func (b *Builder) TypeSampler() ID { return b.Type(OpTypeSampler) }

// TypeSampledImage returns OpTypeSampledImage image.
func (b *Builder) TypeSampledImage(image ID) ID { return b.Type(OpTypeSampledImage, uint32(image)) }

// scalarType returns the OpTypeInt/OpTypeFloat behind t.
func (b *Builder) scalarType(t ID) *Instruction {
	in := b.defs[t]
	if in == nil || (in.Op != OpTypeInt && in.Op != OpTypeFloat) {
		panic(fmt.Sprintf("spirv: id %d is not an integer or float type", t))
	}
	return in
}

// Constant returns a deduplicated constant made by op (OpConstant,
// OpConstantComposite, OpConstantNull, OpConstantTrue, ...) of type t.
func (b *Builder) Constant(op Op, t ID, operands ...uint32) ID {
	k := strconv.Itoa(int(t)) + ":" + key(op, operands)
	if id, ok := b.consts[k]; ok {
		return id
	}
	id := b.global(op, t, append([]uint32(nil), operands...))
	b.consts[k] = id
	return id
}

// ConstantUint returns OpConstant of integer type t with value v truncated
// to the type's width.
func (b *Builder) ConstantUint(t ID, v uint64) ID {
	width := b.scalarType(t).Operands[0]
	switch {
	case width > 32:
		return b.Constant(OpConstant, t, Literal64(v)...)
	case width < 32:
		v &= 1<<width - 1
		// Narrow signed types are sign-extended into the word, as spirv-as does.
		if in := b.defs[t]; in.Op == OpTypeInt && in.Operands[1] == 1 && v>>(width-1)&1 == 1 {
			v |= ^uint64(0) << width
		}
	}
	return b.Constant(OpConstant, t, uint32(v))
}

// ConstantInt returns OpConstant of integer type t with value v.
func (b *Builder) ConstantInt(t ID, v int64) ID { return b.ConstantUint(t, uint64(v)) }

// ConstantFloat32 returns OpConstant of the 32-bit float type t.
func (b *Builder) ConstantFloat32(t ID, f float32) ID {
	return b.Constant(OpConstant, t, math.Float32bits(f))
}

// ConstantFloat64 returns OpConstant of the 64-bit float type t.
func (b *Builder) ConstantFloat64(t ID, f float64) ID {
	return b.Constant(OpConstant, t, Float64Words(f)...)
}

// ConstantFloat returns OpConstant of float type t (16, 32 or 64 bits) with
// value f rounded to the type.
func (b *Builder) ConstantFloat(t ID, f float64) ID {
	switch b.scalarType(t).Operands[0] {
	case 16:
		return b.Constant(OpConstant, t, uint32(Float16Bits(float32(f))))
	case 32:
		return b.ConstantFloat32(t, float32(f))
	}
	return b.ConstantFloat64(t, f)
}

// ConstantComposite returns OpConstantComposite t parts...
func (b *Builder) ConstantComposite(t ID, parts ...ID) ID {
	return b.Constant(OpConstantComposite, t, ids(parts)...)
}

// ConstantNull returns OpConstantNull t.
func (b *Builder) ConstantNull(t ID) ID { return b.Constant(OpConstantNull, t) }

// ConstantTrue returns OpConstantTrue of the bool type t.
func (b *Builder) ConstantTrue(t ID) ID { return b.Constant(OpConstantTrue, t) }

// ConstantFalse returns OpConstantFalse of the bool type t.
func (b *Builder) ConstantFalse(t ID) ID { return b.Constant(OpConstantFalse, t) }

// ConstantBool returns OpConstantTrue or OpConstantFalse.
func (b *Builder) ConstantBool(t ID, v bool) ID {
	if v {
		return b.ConstantTrue(t)
	}
	return b.ConstantFalse(t)
}

// Undef returns a module-level OpUndef of type t.
func (b *Builder) Undef(t ID) ID { return b.Constant(OpUndef, t) }

// SpecConstant declares OpSpecConstant of scalar type t with the given
// default value words, decorated SpecId specID. Never deduplicated.
func (b *Builder) SpecConstant(t ID, specID uint32, value ...uint32) ID {
	id := b.global(OpSpecConstant, t, append([]uint32(nil), value...))
	b.Decorate(id, DecorationSpecId, specID)
	return id
}

// SpecConstantBool declares OpSpecConstantTrue/False decorated SpecId specID.
func (b *Builder) SpecConstantBool(t ID, specID uint32, v bool) ID {
	op := OpSpecConstantFalse
	if v {
		op = OpSpecConstantTrue
	}
	id := b.global(op, t, nil)
	b.Decorate(id, DecorationSpecId, specID)
	return id
}

// SpecConstantComposite declares OpSpecConstantComposite t parts...
func (b *Builder) SpecConstantComposite(t ID, parts ...ID) ID {
	return b.global(OpSpecConstantComposite, t, ids(parts))
}

// SpecConstantOp declares OpSpecConstantOp t op operands...
func (b *Builder) SpecConstantOp(t ID, op Op, operands ...ID) ID {
	return b.global(OpSpecConstantOp, t, append([]uint32{uint32(op)}, ids(operands)...))
}

// Variable declares a module-level OpVariable of pointer type ptr in storage
// class sc, with an optional initializer.
func (b *Builder) Variable(ptr ID, sc StorageClass, init ...ID) ID {
	return b.global(OpVariable, ptr, append([]uint32{uint32(sc)}, ids(init)...))
}

func (b *Builder) once(k string) bool {
	if b.seen[k] {
		return false
	}
	b.seen[k] = true
	return true
}

// Capability declares a capability once.
func (b *Builder) Capability(c Capability) {
	if b.once("cap:" + strconv.Itoa(int(c))) {
		b.Module.Capabilities = append(b.Module.Capabilities, &Instruction{Op: OpCapability, Operands: []uint32{uint32(c)}})
	}
}

// Extension declares an extension once.
func (b *Builder) Extension(name string) {
	if b.once("ext:" + name) {
		b.Module.Extensions = append(b.Module.Extensions, &Instruction{Op: OpExtension, Operands: LiteralString(name)})
	}
}

// ExtInstImport returns the id of the extended instruction set name,
// importing it on first use.
func (b *Builder) ExtInstImport(name string) ID {
	if id, ok := b.imps[name]; ok {
		return id
	}
	id := b.NewID()
	b.Module.ExtInstImports = append(b.Module.ExtInstImports, &Instruction{Op: OpExtInstImport, Result: id, Operands: LiteralString(name)})
	b.imps[name] = id
	return id
}

// MemoryModel sets OpMemoryModel.
func (b *Builder) MemoryModel(am AddressingModel, mm MemoryModel) {
	b.Module.MemoryModel = &Instruction{Op: OpMemoryModel, Operands: []uint32{uint32(am), uint32(mm)}}
}

// EntryPoint declares an entry point; more interface ids can be appended to
// the returned instruction's operands later.
func (b *Builder) EntryPoint(model ExecutionModel, fn ID, name string, iface ...ID) *Instruction {
	ops := append([]uint32{uint32(model), uint32(fn)}, LiteralString(name)...)
	in := &Instruction{Op: OpEntryPoint, Operands: append(ops, ids(iface)...)}
	b.Module.EntryPoints = append(b.Module.EntryPoints, in)
	return in
}

// ExecutionMode declares OpExecutionMode fn mode literals...
func (b *Builder) ExecutionMode(fn ID, mode ExecutionMode, literals ...uint32) {
	b.Module.ExecutionModes = append(b.Module.ExecutionModes, &Instruction{Op: OpExecutionMode, Operands: append([]uint32{uint32(fn), uint32(mode)}, literals...)})
}

// ExecutionModeId declares OpExecutionModeId fn mode ids...
func (b *Builder) ExecutionModeId(fn ID, mode ExecutionMode, operands ...ID) {
	b.Module.ExecutionModes = append(b.Module.ExecutionModes, &Instruction{Op: OpExecutionModeId, Operands: append([]uint32{uint32(fn), uint32(mode)}, ids(operands)...)})
}

// String returns an OpString holding s (deduplicated).
func (b *Builder) String(s string) ID {
	if id, ok := b.strs[s]; ok {
		return id
	}
	id := b.NewID()
	b.Module.DebugSources = append(b.Module.DebugSources, &Instruction{Op: OpString, Result: id, Operands: LiteralString(s)})
	b.strs[s] = id
	return id
}

// Source declares OpSource lang version.
func (b *Builder) Source(lang SourceLanguage, version uint32) {
	b.Module.DebugSources = append(b.Module.DebugSources, &Instruction{Op: OpSource, Operands: []uint32{uint32(lang), version}})
}

// Name gives id a debug name (once per id), truncated to MaxDebugName.
func (b *Builder) Name(id ID, name string) {
	if b.once("name:" + strconv.Itoa(int(id))) {
		b.Module.Names = append(b.Module.Names, &Instruction{Op: OpName, Operands: append([]uint32{uint32(id)}, LiteralString(debugName(name))...)})
	}
}

// MemberName names member of the struct type id, truncated to MaxDebugName.
func (b *Builder) MemberName(id ID, member uint32, name string) {
	if b.once("mname:" + strconv.Itoa(int(id)) + "." + strconv.Itoa(int(member))) {
		b.Module.Names = append(b.Module.Names, &Instruction{Op: OpMemberName, Operands: append([]uint32{uint32(id), member}, LiteralString(debugName(name))...)})
	}
}

// MaxDebugName bounds the bytes of a debug name: an instruction has at most
// 65535 words, and a name is only for reading.
const MaxDebugName = 1024

// debugName cuts name to at most MaxDebugName bytes, on a UTF-8 boundary.
func debugName(name string) string {
	if len(name) <= MaxDebugName {
		return name
	}
	n := MaxDebugName
	for n > 0 && !utf8.RuneStart(name[n]) {
		n--
	}
	return name[:n]
}

func (b *Builder) annotate(op Op, operands []uint32) {
	if b.once("dec:" + key(op, operands)) {
		b.Module.Annotations = append(b.Module.Annotations, &Instruction{Op: op, Operands: operands})
	}
}

// Decorate declares OpDecorate target d literals... (identical repeats are
// dropped).
func (b *Builder) Decorate(target ID, d Decoration, literals ...uint32) {
	b.annotate(OpDecorate, append([]uint32{uint32(target), uint32(d)}, literals...))
}

// DecorateId declares OpDecorateId target d ids...
func (b *Builder) DecorateId(target ID, d Decoration, operands ...ID) {
	b.annotate(OpDecorateId, append([]uint32{uint32(target), uint32(d)}, ids(operands)...))
}

// MemberDecorate declares OpMemberDecorate structType member d literals...
func (b *Builder) MemberDecorate(structType ID, member uint32, d Decoration, literals ...uint32) {
	b.annotate(OpMemberDecorate, append([]uint32{uint32(structType), member, uint32(d)}, literals...))
}

// BeginFunction starts a function definition with result type result and
// function type fnType; it becomes the current function. Add parameters
// with Param and blocks with NewBlock/SetBlock.
func (b *Builder) BeginFunction(result, fnType ID, control FunctionControl) *Function {
	fn := &Function{ResultType: result, ID: b.NewID(), Control: control, Type: fnType}
	b.Module.Functions = append(b.Module.Functions, fn)
	b.fn, b.blk = fn, nil
	return fn
}

// Param adds a parameter of type t to the current function.
func (b *Builder) Param(t ID) ID {
	id := b.NewID()
	in := &Instruction{Op: OpFunctionParameter, ResultType: t, Result: id}
	b.fn.Params = append(b.fn.Params, in)
	b.local[id] = in
	return id
}

// NewBlock appends a block with a fresh label to the current function and
// makes it current.
func (b *Builder) NewBlock() *Block { return b.StartBlock(b.NewID()) }

// StartBlock appends a block labelled label (an id allocated earlier, e.g.
// for a merge block) to the current function and makes it current.
func (b *Builder) StartBlock(label ID) *Block {
	blk := &Block{Label: label}
	b.fn.Blocks = append(b.fn.Blocks, blk)
	b.blk = blk
	return blk
}

// Current returns the current function and block.
func (b *Builder) Current() (*Function, *Block) { return b.fn, b.blk }

// SetInsertPoint makes fn and blk current (to resume building elsewhere).
func (b *Builder) SetInsertPoint(fn *Function, blk *Block) { b.fn, b.blk = fn, blk }

// EndFunction leaves the current function.
func (b *Builder) EndFunction() { b.fn, b.blk = nil, nil }

// Emit appends op to the current block. If the opcode has a result id, a
// fresh one is allocated and returned; otherwise Emit returns 0. resultType
// is ignored (may be 0) for opcodes without one.
func (b *Builder) Emit(op Op, resultType ID, operands ...uint32) ID {
	info := op.Info()
	if info == nil {
		panic(fmt.Sprintf("spirv: Emit of unknown opcode %d", op))
	}
	var id ID
	if info.HasResult {
		id = b.NewID()
	}
	if !info.HasResultType {
		resultType = 0
	}
	b.EmitInst(&Instruction{Op: op, ResultType: resultType, Result: id, Operands: operands})
	return id
}

// EmitIDs is Emit with id operands.
func (b *Builder) EmitIDs(op Op, resultType ID, operands ...ID) ID {
	return b.Emit(op, resultType, ids(operands)...)
}

// EmitInst appends a ready-made instruction to the current block (e.g. an
// OpPhi whose result id was allocated earlier).
func (b *Builder) EmitInst(in *Instruction) {
	if b.blk == nil {
		panic(fmt.Sprintf("spirv: %v emitted outside a block", in.Op))
	}
	b.blk.Insts = append(b.blk.Insts, in)
	if in.Result != 0 {
		b.local[in.Result] = in
	}
}

// LocalVariable declares a Function-storage OpVariable of pointer type ptr
// at the top of the current function's entry block, where SPIR-V requires
// it, whatever block is current.
func (b *Builder) LocalVariable(ptr ID, init ...ID) ID {
	if b.fn == nil || len(b.fn.Blocks) == 0 {
		panic("spirv: LocalVariable outside a function body")
	}
	entry := b.fn.Blocks[0]
	id := b.NewID()
	in := &Instruction{Op: OpVariable, ResultType: ptr, Result: id, Operands: append([]uint32{uint32(StorageClassFunction)}, ids(init)...)}
	n := b.nvars[b.fn]
	entry.Insts = append(entry.Insts, nil)
	copy(entry.Insts[n+1:], entry.Insts[n:])
	entry.Insts[n] = in
	b.nvars[b.fn] = n + 1
	b.local[id] = in
	return id
}

// ExtInst emits OpExtInst resultType set inst operands... in the current block.
func (b *Builder) ExtInst(resultType, set ID, inst uint32, operands ...ID) ID {
	return b.Emit(OpExtInst, resultType, append([]uint32{uint32(set), inst}, ids(operands)...)...)
}

// GlobalExtInst appends a non-semantic OpExtInst at module level (in the
// types/constants section) and returns its id.
func (b *Builder) GlobalExtInst(resultType, set ID, inst uint32, operands ...ID) ID {
	return b.global(OpExtInst, resultType, append([]uint32{uint32(set), inst}, ids(operands)...))
}

// Float16Value is the float32 value (exact) of the IEEE half with bits h,
// the inverse of Float16Bits: NaN payloads are kept, not quieted.
func Float16Value(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	man := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0xff<<23 | man<<13)
	case exp != 0:
		return math.Float32frombits(sign | (exp+112)<<23 | man<<13)
	case man == 0:
		return math.Float32frombits(sign)
	}
	// A subnormal half: normalize.
	e := uint32(113)
	for man&0x400 == 0 {
		man <<= 1
		e--
	}
	return math.Float32frombits(sign | e<<23 | (man&0x3ff)<<13)
}

// Float16Bits converts f to IEEE half precision, rounding to nearest even.
func Float16Bits(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & 0x8000
	exp := int(bits>>23) & 0xff
	mant := bits & 0x7fffff
	switch {
	case exp == 0xff: // inf or nan
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127 > 15:
		return sign | 0x7c00
	case exp-127 >= -14: // normal half
		e := uint32(exp-127+15) << 10
		m := mant >> 13
		rest := mant & 0x1fff
		v := e | m
		if rest > 0x1000 || (rest == 0x1000 && m&1 == 1) {
			v++ // may carry into the exponent, which is right
		}
		return sign | uint16(v)
	case exp-127 >= -25: // subnormal half
		m := mant | 0x800000
		shift := uint32(-14-(exp-127)) + 13
		v := m >> shift
		rest := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rest > half || (rest == half && v&1 == 1) {
			v++
		}
		return sign | uint16(v)
	}
	return sign
}

// NewBuilderFor returns a builder that adds to an existing module (e.g. a
// decoded one): its types, constants, imports, strings, capabilities,
// extensions, names and decorations are indexed so that they are reused,
// and new ids start at the module's bound.
func NewBuilderFor(m *Module) *Builder {
	b := NewBuilder(m.Version)
	b.Module = m
	if m.Bound == 0 {
		m.Bound = 1
	}
	for _, in := range m.Capabilities {
		if len(in.Operands) > 0 {
			b.seen["cap:"+strconv.Itoa(int(in.Operands[0]))] = true
		}
	}
	for _, in := range m.Extensions {
		s, _, _ := DecodeString(in.Operands)
		b.seen["ext:"+s] = true
	}
	for _, in := range m.ExtInstImports {
		s, _, _ := DecodeString(in.Operands)
		b.imps[s] = in.Result
	}
	for _, in := range m.DebugSources {
		if in.Op == OpString {
			s, _, _ := DecodeString(in.Operands)
			if _, ok := b.strs[s]; !ok {
				b.strs[s] = in.Result
			}
		}
	}
	for _, in := range m.Names {
		switch {
		case in.Op == OpName && len(in.Operands) > 0:
			b.seen["name:"+strconv.Itoa(int(in.Operands[0]))] = true
		case in.Op == OpMemberName && len(in.Operands) > 1:
			b.seen["mname:"+strconv.Itoa(int(in.Operands[0]))+"."+strconv.Itoa(int(in.Operands[1]))] = true
		}
	}
	decorated := map[ID]bool{}
	for _, in := range m.Annotations {
		b.seen["dec:"+key(in.Op, in.Operands)] = true
		if len(in.Operands) > 0 {
			decorated[ID(in.Operands[0])] = true
		}
	}
	for _, in := range m.Globals {
		if in.Result == 0 {
			continue
		}
		b.defs[in.Result] = in
		info := in.Op.Info()
		switch {
		case info != nil && info.Class == "Type-Declaration":
			// Decorated types (Block structs, strided arrays) stay distinct.
			if k := key(in.Op, in.Operands); !decorated[in.Result] {
				if _, ok := b.types[k]; !ok {
					b.types[k] = in.Result
				}
			}
		case in.Op == OpConstant || in.Op == OpConstantComposite || in.Op == OpConstantNull ||
			in.Op == OpConstantTrue || in.Op == OpConstantFalse || in.Op == OpUndef:
			k := strconv.Itoa(int(in.ResultType)) + ":" + key(in.Op, in.Operands)
			if _, ok := b.consts[k]; !ok && !decorated[in.Result] {
				b.consts[k] = in.Result
			}
		}
	}
	return b
}
