package validate

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/clgo/clgo/spirv"
)

// class is what an id names, for checking that operands refer to the
// right kind of thing.
type class uint8

const (
	classOther    class = iota
	classType           // a type declaration
	classValue          // anything with a result type: constants, variables, results of operations
	classLabel          // OpLabel
	classFunction       // OpFunction
	classString         // OpString
	classImport         // OpExtInstImport
)

// def is a defined id.
type def struct {
	in    *spirv.Instruction
	class class
	fn    int32 // index of the function that defines it, -1 for a global
	block int32 // index of the block that defines it in its function, -1 for none
	index int   // instruction index of the definition
}

// ref is a forward reference, checked once the module (or, for local ids,
// the function) has been read.
type ref struct {
	id     spirv.ID
	index  int // the referring instruction
	offset int
	op     spirv.Op
	want   class // classOther: any
}

type validator struct {
	m   *spirv.Module
	ops *spirv.OperandVisitor

	// The instruction being checked.
	index, offset int
	in            *spirv.Instruction

	defs    map[spirv.ID]*def
	fwdPtrs map[spirv.ID]spirv.StorageClass // OpTypeForwardPointer
	pending []ref                           // forward references to global ids
	caps    map[spirv.Capability]bool
	imports map[spirv.ID]string

	// The function being read.
	fnIndex   int32
	fn        *spirv.Function
	fnType    *spirv.Instruction // its OpTypeFunction
	labels    map[spirv.ID]bool  // labels of the function
	targets   []ref              // labels the function branches to
	parents   []ref              // labels OpPhi instructions name as parents
	localFwd  []ref              // forward references to ids of the function (OpPhi)
	calls     []call
	block     int32        // index of the block being read, -1 outside blocks
	prefixEnd int          // end of the block's leading OpVariable/OpPhi/OpLine run
	uses      []use        // uses of the function's values, checked for dominance
	succ      [][]spirv.ID // successors of each block

	entries, modes, decos, memberDecos []site
	resources                          []site // descriptor-bound global variables
	blocks                             []site // StorageBuffer, Uniform and PushConstant variables
	wgSize                             bool   // a WorkgroupSize built-in is declared
}

// call is an OpFunctionCall, checked against its callee at the end.
type call struct {
	ref
	caller int32
	in     *spirv.Instruction
}

func newValidator(m *spirv.Module) *validator {
	return &validator{
		m:       m,
		ops:     spirv.NewOperandVisitor(),
		defs:    map[spirv.ID]*def{},
		fwdPtrs: map[spirv.ID]spirv.StorageClass{},
		caps:    map[spirv.Capability]bool{},
		imports: map[spirv.ID]string{},
		fnIndex: -1,
		block:   -1,
		offset:  5,
		index:   -1,
	}
}

// errf makes an Error at the current instruction.
func (v *validator) errf(format string, args ...any) error {
	e := &Error{Index: v.index, Offset: v.offset, Msg: fmt.Sprintf(format, args...)}
	if v.in != nil {
		e.Op = v.in.Op
	}
	return e
}

// errAt makes an Error at a recorded reference.
func errAt(r ref, format string, args ...any) error {
	return &Error{Index: r.index, Offset: r.offset, Op: r.op, Msg: fmt.Sprintf(format, args...)}
}

func (v *validator) run() error {
	m := v.m
	for _, sec := range [][]*spirv.Instruction{m.Capabilities, m.Extensions, m.ExtInstImports} {
		for _, in := range sec {
			if err := v.global(in); err != nil {
				return err
			}
		}
	}
	if m.MemoryModel != nil {
		if err := v.global(m.MemoryModel); err != nil {
			return err
		}
	}
	for _, sec := range [][]*spirv.Instruction{m.EntryPoints, m.ExecutionModes, m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		for _, in := range sec {
			if err := v.global(in); err != nil {
				return err
			}
		}
	}
	for i, fn := range m.Functions {
		if err := v.function(int32(i), fn); err != nil {
			return err
		}
	}
	v.fnIndex, v.fn = -1, nil
	for _, in := range m.Trailing {
		if err := v.global(in); err != nil {
			return err
		}
	}
	return v.finish()
}

// global checks an instruction outside the functions.
func (v *validator) global(in *spirv.Instruction) error {
	if err := v.instruction(in); err != nil {
		return err
	}
	return v.module(in)
}

// step moves to instruction in.
func (v *validator) step(in *spirv.Instruction) {
	if v.in != nil {
		v.offset += v.in.WordCount()
	}
	v.index++
	v.in = in
}

// instruction makes the checks common to every instruction: its result
// type, its id operands, its result id; then the checks of its class.
func (v *validator) instruction(in *spirv.Instruction) error {
	v.step(in)
	info := in.Op.Info()
	if info == nil {
		return v.errf("unknown opcode %d", uint16(in.Op))
	}
	if info.HasResultType != (in.ResultType != 0) || info.HasResult != (in.Result != 0) {
		return v.errf("result type or result id missing")
	}
	if in.Result != 0 && uint32(in.Result) >= v.m.Bound {
		return v.errf("result id %%%d is not below the bound %d", in.Result, v.m.Bound)
	}
	if in.ResultType != 0 {
		if d := v.defs[in.ResultType]; d == nil || d.class != classType {
			return v.errf("result type %%%d is not a type declared before", in.ResultType)
		}
	}
	if cs := in.Op.Capabilities(); cs != nil && !v.declared(cs) {
		return v.errf("%v needs one of the capabilities %v", in.Op, cs)
	}
	var err error
	verr := v.ops.Visit(in, v.m.Bound, func(o spirv.Operand) {
		if err != nil {
			return
		}
		switch {
		case o.Kind.IsID() && o.N == 1:
			err = v.operand(in, o)
		case o.Kind.IsEnum() && o.Kind != spirv.KindCapability && o.N == 1:
			err = v.enumCaps(o.Kind, in.Operands[o.Start])
		}
	})
	if verr != nil {
		return v.errf("%v", verr)
	}
	if err != nil {
		return err
	}
	if in.Result != 0 {
		if d := v.defs[in.Result]; d != nil {
			return v.errf("result id %%%d is already defined by instruction %d", in.Result, d.index)
		}
		c := classOther
		switch {
		case in.Op == spirv.OpFunction:
			c = classFunction
		case in.Op == spirv.OpLabel:
			c = classLabel
		case in.Op == spirv.OpString:
			c = classString
		case in.Op == spirv.OpExtInstImport:
			c = classImport
		case info.Class == "Type-Declaration":
			c = classType
		case info.HasResultType:
			c = classValue
		}
		v.defs[in.Result] = &def{in: in, class: c, fn: v.fnIndex, block: v.block, index: v.index}
	}
	return nil
}

// operand checks one id operand of in.
func (v *validator) operand(in *spirv.Instruction, o spirv.Operand) error {
	id := spirv.ID(in.Operands[o.Start])
	if in.Op == spirv.OpTypeForwardPointer {
		if v.defs[id] != nil {
			return v.errf("%%%d is declared before its forward declaration", id)
		}
		v.fwdPtrs[id] = spirv.StorageClass(in.Operands[1])
		return nil
	}
	want := v.expect(in, o)
	d := v.defs[id]
	if d == nil {
		if _, ok := v.fwdPtrs[id]; ok && (want == classType || want == classOther) {
			return nil // a forward-declared pointer type
		}
		r := ref{id: id, index: v.index, offset: v.offset, op: in.Op, want: want}
		switch v.forward(in, o) {
		case fwdLabel:
			v.successor(in, id)
			if in.Op == spirv.OpPhi {
				v.parents = append(v.parents, r)
			} else {
				v.targets = append(v.targets, r)
			}
			return nil
		case fwdGlobal:
			v.pending = append(v.pending, r)
			return nil
		case fwdLocal:
			v.localFwd = append(v.localFwd, r)
			return nil
		case fwdFunction:
			v.calls = append(v.calls, call{ref: r, caller: v.fnIndex, in: in})
			return nil
		}
		return v.errf("operand %s: %%%d is not defined before its use", operandName(o), id)
	}
	if d.fn >= 0 && d.fn != v.fnIndex {
		return v.errf("operand %s: %%%d belongs to another function", operandName(o), id)
	}
	if want != classOther && d.class != want {
		return v.errf("operand %s: %%%d is %s, want %s", operandName(o), id, className(d), classNames[want])
	}
	if o.Kind == spirv.KindIdScope || o.Kind == spirv.KindIdMemorySemantics {
		// Drivers read scopes and memory semantics when they compile.
		if !isConstant(d.in.Op) || d.in.Op == spirv.OpUndef || v.shape(d.in.ResultType) != (shape{spirv.OpTypeInt, 32, 1}) {
			return v.errf("operand %s: %%%d is not a 32-bit integer constant", operandName(o), id)
		}
		if c, ok := v.constValue(id); ok && o.Kind == spirv.KindIdMemorySemantics && bits.OnesCount64(c&0x1e) > 1 {
			return v.errf("operand %s: memory semantics %#x has more than one of Acquire, Release, AcquireRelease and SequentiallyConsistent", operandName(o), c)
		}
		if c, ok := v.constValue(id); ok && o.Kind == spirv.KindIdScope {
			if _, known := spirv.EnumName(spirv.KindScope, uint32(c)); !known || c > 0xffffffff {
				return v.errf("operand %s: %d is not a scope", operandName(o), c)
			}
			if o.Name == "Execution" && spirv.Scope(c) != spirv.ScopeWorkgroup && spirv.Scope(c) != spirv.ScopeSubgroup {
				return v.errf("operand %s: execution scope %v (Vulkan allows Workgroup and Subgroup)", operandName(o), spirv.Scope(c))
			}
		}
	}
	if d.fn >= 0 && d.class == classValue && in.Op != spirv.OpPhi && v.block >= 0 {
		v.uses = append(v.uses, use{ref: ref{id: id, index: v.index, offset: v.offset, op: in.Op}, block: v.block})
	}
	switch in.Op {
	case spirv.OpBranch, spirv.OpBranchConditional, spirv.OpSwitch, spirv.OpLoopMerge, spirv.OpSelectionMerge:
		if want == classLabel {
			v.targets = append(v.targets, ref{id: id, index: v.index, offset: v.offset, op: in.Op, want: want})
			v.successor(in, id)
		}
	case spirv.OpFunctionCall:
		if o.Start == 0 {
			v.calls = append(v.calls, call{ref: ref{id: id, index: v.index, offset: v.offset, op: in.Op, want: want}, caller: v.fnIndex, in: in})
		}
	}
	return nil
}

// Where a forward reference may go.
type fwdKind int

const (
	fwdNone     fwdKind = iota
	fwdGlobal           // to any id of the module
	fwdLabel            // to a label of the same function
	fwdLocal            // to an id of the same function, or a global
	fwdFunction         // to a function
)

// forward says whether operand o of in may refer to an id defined later.
func (v *validator) forward(in *spirv.Instruction, o spirv.Operand) fwdKind {
	switch in.Op {
	case spirv.OpName, spirv.OpMemberName, spirv.OpDecorate, spirv.OpMemberDecorate, spirv.OpDecorateId,
		spirv.OpDecorateString, spirv.OpMemberDecorateString, spirv.OpGroupDecorate, spirv.OpGroupMemberDecorate,
		spirv.OpEntryPoint, spirv.OpExecutionMode, spirv.OpExecutionModeId:
		return fwdGlobal
	case spirv.OpTypePointer:
		if _, ok := v.fwdPtrs[in.Result]; ok {
			return fwdGlobal
		}
	case spirv.OpBranch, spirv.OpLoopMerge, spirv.OpSelectionMerge:
		return fwdLabel
	case spirv.OpBranchConditional, spirv.OpSwitch:
		if o.Start > 0 {
			return fwdLabel
		}
	case spirv.OpPhi:
		if o.Start%2 == 1 {
			return fwdLabel
		}
		return fwdLocal
	case spirv.OpFunctionCall:
		if o.Start == 0 {
			return fwdFunction
		}
	case spirv.OpExtInst:
		// Debug information describes types that refer to each other;
		// other non-semantic sets (clspv's reflection) refer backwards.
		if o.Start > 0 && strings.HasPrefix(v.imports[spirv.ID(in.Operands[0])], "NonSemantic.Shader.DebugInfo.") {
			return fwdGlobal
		}
	}
	return fwdNone
}

// expect returns the class operand o of in must refer to (classOther: any).
func (v *validator) expect(in *spirv.Instruction, o spirv.Operand) class {
	switch in.Op {
	case spirv.OpName, spirv.OpMemberName, spirv.OpDecorate, spirv.OpMemberDecorate, spirv.OpDecorateId,
		spirv.OpDecorateString, spirv.OpMemberDecorateString, spirv.OpGroupDecorate, spirv.OpGroupMemberDecorate,
		spirv.OpExecutionModeId:
		return classOther
	case spirv.OpEntryPoint, spirv.OpExecutionMode:
		if o.Start == 1 && in.Op == spirv.OpEntryPoint || o.Start == 0 && in.Op == spirv.OpExecutionMode {
			return classFunction
		}
		return classValue
	case spirv.OpBranch, spirv.OpLoopMerge, spirv.OpSelectionMerge:
		return classLabel
	case spirv.OpBranchConditional, spirv.OpSwitch:
		if o.Start > 0 {
			return classLabel
		}
		return classValue
	case spirv.OpPhi:
		if o.Start%2 == 1 {
			return classLabel
		}
		return classValue
	case spirv.OpFunctionCall:
		if o.Start == 0 {
			return classFunction
		}
		return classValue
	case spirv.OpExtInst:
		if o.Start == 0 {
			return classImport
		}
		if strings.HasPrefix(v.imports[spirv.ID(in.Operands[0])], "NonSemantic.") {
			return classOther
		}
		return classValue
	case spirv.OpLine, spirv.OpSource:
		return classString
	case spirv.OpFunction:
		return classType
	}
	if in.Op.Info().Class == "Type-Declaration" {
		if in.Op == spirv.OpTypeArray && o.Start == 1 {
			return classValue // the length
		}
		return classType
	}
	if strings.Contains(o.Name, "Type") || strings.Contains(o.Name, " type") {
		return classType
	}
	return classValue
}

var classNames = [...]string{
	classOther:    "something else",
	classType:     "a type",
	classValue:    "a value",
	classLabel:    "a label",
	classFunction: "a function",
	classString:   "an OpString",
	classImport:   "an extended instruction set",
}

func className(d *def) string {
	if d.class == classOther {
		return "defined by " + d.in.Op.String()
	}
	return classNames[d.class]
}

func operandName(o spirv.Operand) string {
	if o.Name != "" {
		return "'" + o.Name + "'"
	}
	return o.Kind.String()
}

// finish checks what needed the whole module: forward references, calls,
// entry points.
func (v *validator) finish() error {
	for _, r := range v.pending {
		d := v.defs[r.id]
		if d == nil {
			if _, ok := v.fwdPtrs[r.id]; ok {
				continue
			}
			return errAt(r, "%%%d is never defined", r.id)
		}
		if r.want != classOther && d.class != r.want {
			return errAt(r, "%%%d is %s, want %s", r.id, className(d), classNames[r.want])
		}
	}
	for id := range v.fwdPtrs {
		if d := v.defs[id]; d == nil || d.in.Op != spirv.OpTypePointer {
			return &Error{Index: -1, Offset: 3, Msg: fmt.Sprintf("forward-declared pointer %%%d is never declared", id)}
		}
	}
	if err := v.checkCalls(); err != nil {
		return err
	}
	return v.checkEntryPoints()
}

// declared reports whether the module declares one of cs (or a capability
// that implies it).
func (v *validator) declared(cs []spirv.Capability) bool {
	for _, c := range cs {
		if v.caps[c] {
			return true
		}
	}
	return false
}

// declare records capability c and those it implies.
func (v *validator) declare(c spirv.Capability) {
	if v.caps[c] {
		return
	}
	v.caps[c] = true
	for _, d := range spirv.EnumCapabilities(spirv.KindCapability, uint32(c)) {
		v.declare(d)
	}
}

// enumCaps checks that the module declares what an enumerant operand needs.
func (v *validator) enumCaps(k spirv.OperandKind, value uint32) error {
	check := func(x uint32) error {
		if cs := spirv.EnumCapabilities(k, x); cs != nil && !v.declared(cs) {
			name, _ := spirv.EnumName(k, x)
			return v.errf("%v %s needs one of the capabilities %v", k, name, cs)
		}
		return nil
	}
	if !k.IsMask() {
		return check(value)
	}
	for bit := uint32(1); bit != 0; bit <<= 1 {
		if value&bit != 0 {
			if err := check(bit); err != nil {
				return err
			}
		}
	}
	return nil
}
