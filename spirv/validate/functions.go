package validate

import (
	"strings"

	"github.com/clgo/clgo/spirv"
)

// Instruction classes that belong to the module-level sections, never
// inside a function (the decoder files whatever comes between OpFunction
// and OpFunctionEnd into blocks), and classes the Vulkan compute
// environment has no use for.
var notInFunction = map[string]string{
	"Type-Declaration":    "a type declaration",
	"Constant-Creation":   "a constant declaration",
	"Annotation":          "a decoration",
	"Mode-Setting":        "a mode-setting instruction",
	"Pipe":                "a pipe instruction (OpenCL kernels only)",
	"Device-Side_Enqueue": "a device-side enqueue instruction (OpenCL kernels only)",
	"Primitive":           "a geometry shader instruction",
	"Derivative":          "a derivative (fragment shaders only)",
}

// function checks one function: its declaration, parameters, blocks and
// every instruction in them.
func (v *validator) function(index int32, fn *spirv.Function) error {
	v.fnIndex, v.fn = -1, nil // the function's id is global
	decl := &spirv.Instruction{Op: spirv.OpFunction, ResultType: fn.ResultType, Result: fn.ID, Operands: []uint32{uint32(fn.Control), uint32(fn.Type)}}
	if err := v.instruction(decl); err != nil {
		return err
	}
	ft := v.decl(fn.Type)
	if ft == nil || ft.Op != spirv.OpTypeFunction {
		return v.errf("function type %%%d is not an OpTypeFunction", fn.Type)
	}
	if spirv.ID(ft.Operands[0]) != fn.ResultType {
		return v.errf("result type %%%d differs from the function type's return type %%%d", fn.ResultType, ft.Operands[0])
	}
	if len(fn.Params) != len(ft.Operands)-1 {
		return v.errf("function %%%d has %d parameters, its type %d", fn.ID, len(fn.Params), len(ft.Operands)-1)
	}
	v.fnIndex, v.fn, v.fnType = index, fn, ft
	v.labels = map[spirv.ID]bool{}
	v.targets, v.parents, v.localFwd = v.targets[:0], v.parents[:0], v.localFwd[:0]
	for i, p := range fn.Params {
		if err := v.instruction(p); err != nil {
			return err
		}
		if p.ResultType != spirv.ID(ft.Operands[1+i]) {
			return v.errf("parameter %d has type %%%d, the function type says %%%d", i, p.ResultType, ft.Operands[1+i])
		}
	}
	if len(fn.Blocks) == 0 {
		return v.errf("function %%%d has no body (imported functions are not supported)", fn.ID)
	}
	v.uses = v.uses[:0]
	v.succ = make([][]spirv.ID, len(fn.Blocks))
	var phis []phiSite
	for bi, b := range fn.Blocks {
		v.block = int32(bi)
		if err := v.instruction(&spirv.Instruction{Op: spirv.OpLabel, Result: b.Label}); err != nil {
			return err
		}
		v.labels[b.Label] = true
		// prefixEnd: the instructions before it are all OpVariable (in the
		// first block) or OpPhi, or debug lines; those must come first.
		v.prefixEnd = 0
		for j, in := range b.Insts {
			if err := v.instruction(in); err != nil {
				return err
			}
			if v.prefixEnd == j {
				switch in.Op {
				case spirv.OpVariable, spirv.OpPhi, spirv.OpLine, spirv.OpNoLine:
					v.prefixEnd = j + 1
				}
			}
			if err := v.body(bi, b, j, in); err != nil {
				return err
			}
			if in.Op == spirv.OpPhi {
				phis = append(phis, phiSite{site{ref: ref{index: v.index, offset: v.offset, op: in.Op}, in: in}, int32(bi)})
			}
		}
	}
	v.block = -1
	v.step(&spirv.Instruction{Op: spirv.OpFunctionEnd})
	for _, r := range v.targets {
		if !v.labels[r.id] {
			return errAt(r, "branch target %%%d is not a label of function %%%d", r.id, fn.ID)
		}
		if r.id == fn.Blocks[0].Label {
			return errAt(r, "branch target %%%d is the function's entry block", r.id)
		}
	}
	for _, r := range v.parents {
		if !v.labels[r.id] {
			return errAt(r, "OpPhi parent %%%d is not a label of function %%%d", r.id, fn.ID)
		}
	}
	for _, r := range v.localFwd {
		d := v.defs[r.id]
		if d == nil || (d.fn >= 0 && d.fn != index) {
			return errAt(r, "%%%d is not defined in function %%%d", r.id, fn.ID)
		}
		if d.class != classValue {
			return errAt(r, "%%%d is %s, want a value", r.id, className(d))
		}
	}
	return v.dominance(fn, phis)
}

// body checks instruction j of block b (block bi of the function).
func (v *validator) body(bi int, b *spirv.Block, j int, in *spirv.Instruction) error {
	info := in.Op.Info()
	if what, ok := notInFunction[info.Class]; ok {
		return v.errf("%s is not allowed inside a function", what)
	}
	switch in.Op {
	case spirv.OpCapability, spirv.OpExtension, spirv.OpExtInstImport, spirv.OpMemoryModel, spirv.OpEntryPoint,
		spirv.OpExecutionMode, spirv.OpExecutionModeId, spirv.OpString, spirv.OpSource, spirv.OpSourceContinued,
		spirv.OpSourceExtension, spirv.OpName, spirv.OpMemberName, spirv.OpModuleProcessed, spirv.OpSizeOf:
		return v.errf("%v is not allowed inside a function", in.Op)
	case spirv.OpVariable:
		if bi != 0 || v.prefixEnd < j {
			return v.errf("function variables must come first in the function's first block")
		}
		return v.variable(in, true)
	case spirv.OpPhi:
		if v.prefixEnd < j {
			return v.errf("OpPhi must come first in its block")
		}
		if len(in.Operands) == 0 || len(in.Operands)%2 != 0 {
			return v.errf("OpPhi needs (value, parent block) pairs")
		}
		for k := 0; k < len(in.Operands); k += 2 {
			if t := v.typeOf(spirv.ID(in.Operands[k])); t != 0 && t != in.ResultType {
				return v.errf("value %%%d has type %%%d, the OpPhi %%%d", in.Operands[k], t, in.ResultType)
			}
		}
	case spirv.OpSelectionMerge, spirv.OpLoopMerge:
		if j != len(b.Insts)-2 {
			return v.errf("%v must come just before its block's branch", in.Op)
		}
		last := b.Insts[j+1].Op
		ok := last == spirv.OpBranchConditional || last == spirv.OpSwitch
		if in.Op == spirv.OpLoopMerge {
			ok = last == spirv.OpBranchConditional || last == spirv.OpBranch
		}
		if !ok {
			return v.errf("%v followed by %v", in.Op, last)
		}
	case spirv.OpBranchConditional:
		if !v.isOp(v.typeOf(spirv.ID(in.Operands[0])), spirv.OpTypeBool) {
			return v.errf("condition %%%d is not a boolean", in.Operands[0])
		}
	case spirv.OpSwitch:
		if !v.isOp(v.typeOf(spirv.ID(in.Operands[0])), spirv.OpTypeInt) {
			return v.errf("selector %%%d is not an integer scalar", in.Operands[0])
		}
	case spirv.OpReturn:
		if !v.isVoid(v.fn.ResultType) {
			return v.errf("OpReturn in function %%%d, which returns a value", v.fn.ID)
		}
	case spirv.OpReturnValue:
		if t := v.typeOf(spirv.ID(in.Operands[0])); t != v.fn.ResultType || v.isVoid(t) {
			return v.errf("returns %%%d of type %%%d from function %%%d of return type %%%d", in.Operands[0], t, v.fn.ID, v.fn.ResultType)
		}
	case spirv.OpKill, spirv.OpTerminateInvocation, spirv.OpIgnoreIntersectionKHR, spirv.OpTerminateRayKHR, spirv.OpEmitMeshTasksEXT:
		return v.errf("%v is not allowed in a GLCompute entry point", in.Op)
	case spirv.OpExtInst:
		// The set and the instruction number are checked by the grammar.
		set := v.imports[spirv.ID(in.Operands[0])]
		if strings.HasPrefix(set, "NonSemantic.") && !v.isVoid(in.ResultType) {
			return v.errf("a non-semantic instruction must have result type void")
		}
		if set == "GLSL.std.450" {
			return v.glsl(in)
		}
	default:
		if in.ResultType != 0 {
			if err := v.notVoidResult(in); err != nil {
				return err
			}
		}
		return v.operation(in)
	}
	return nil
}

// notVoidResult checks that an instruction's result type may be void only
// where the grammar means it (function calls, extended instructions).
func (v *validator) notVoidResult(in *spirv.Instruction) error {
	if in.Op == spirv.OpFunctionCall {
		return nil
	}
	if v.isOp(in.ResultType, spirv.OpTypeVoid, spirv.OpTypeFunction) {
		return v.errf("result of type %v", v.decl(in.ResultType).Op)
	}
	return nil
}

// checkCalls checks every call against its callee, and that no function
// calls itself, directly or not (Vulkan forbids recursion; the host
// driver's interpreter would not end).
func (v *validator) checkCalls() error {
	callees := map[spirv.ID][]spirv.ID{}
	for _, c := range v.calls {
		d := v.defs[c.id]
		if d == nil || d.class != classFunction {
			return errAt(c.ref, "callee %%%d is not a function", c.id)
		}
		ft := v.decl(spirv.ID(d.in.Operands[1]))
		args := c.in.Operands[1:]
		if ft == nil {
			return errAt(c.ref, "callee %%%d has no function type", c.id)
		}
		if len(args) != len(ft.Operands)-1 {
			return errAt(c.ref, "%d arguments for function %%%d of %d parameters", len(args), c.id, len(ft.Operands)-1)
		}
		if c.in.ResultType != d.in.ResultType {
			return errAt(c.ref, "result type %%%d differs from function %%%d's return type %%%d", c.in.ResultType, c.id, d.in.ResultType)
		}
		for i, a := range args {
			if t := v.typeOf(spirv.ID(a)); t != spirv.ID(ft.Operands[1+i]) {
				return errAt(c.ref, "argument %d (%%%d) has type %%%d, parameter %d of %%%d has %%%d", i, a, t, i, c.id, ft.Operands[1+i])
			}
		}
		caller := v.m.Functions[c.caller].ID
		callees[caller] = append(callees[caller], c.id)
	}
	// Depth-first search for a cycle, without recursion.
	const (
		unseen = iota
		open
		done
	)
	state := map[spirv.ID]int{}
	for _, f := range v.m.Functions {
		if state[f.ID] != unseen {
			continue
		}
		type frame struct {
			fn   spirv.ID
			next int
		}
		stack := []frame{{fn: f.ID}}
		state[f.ID] = open
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(callees[top.fn]) {
				state[top.fn] = done
				stack = stack[:len(stack)-1]
				continue
			}
			c := callees[top.fn][top.next]
			top.next++
			switch state[c] {
			case open:
				return v.recursion(top.fn, c)
			case unseen:
				state[c] = open
				stack = append(stack, frame{fn: c})
			}
		}
	}
	return nil
}

// recursion reports the call from caller to callee that closes a cycle.
func (v *validator) recursion(caller, callee spirv.ID) error {
	for _, c := range v.calls {
		if c.id == callee && v.m.Functions[c.caller].ID == caller {
			return errAt(c.ref, "function %%%d calls %%%d recursively (recursion is not allowed)", caller, callee)
		}
	}
	return &Error{Index: -1, Msg: "recursive calls"}
}
