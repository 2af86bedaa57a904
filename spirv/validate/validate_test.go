package validate

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// base is a small valid compute module: a buffer, a loop with an OpPhi, a
// function call, a spec-constant sized Workgroup array.
const base = `
               OpCapability Shader
               OpExtension "SPV_KHR_storage_buffer_storage_class"
       %glsl = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 8 1 1
               OpName %main "main"
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %S Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %n SpecId 3
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
       %bool = OpTypeBool
     %v3uint = OpTypeVector %uint 3
      %fnsq = OpTypeFunction %float %float
        %rta = OpTypeRuntimeArray %float
          %S = OpTypeStruct %rta
      %ptr_S = OpTypePointer StorageBuffer %S
      %ptr_f = OpTypePointer StorageBuffer %float
    %ptr_gid = OpTypePointer Input %v3uint
    %ptr_u32 = OpTypePointer Input %uint
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_4 = OpConstant %uint 4
    %float_1 = OpConstant %float 1
          %n = OpSpecConstant %uint 16
     %arr_wg = OpTypeArray %float %n
     %arr_4 = OpTypeArray %float %uint_4
      %ptr_w = OpTypePointer Workgroup %arr_wg
     %ptr_wf = OpTypePointer Workgroup %float
      %carr = OpConstantComposite %arr_4 %float_1 %float_1 %float_1 %float_1
        %buf = OpVariable %ptr_S StorageBuffer
        %gid = OpVariable %ptr_gid Input
         %wg = OpVariable %ptr_w Workgroup
         %sq = OpFunction %float None %fnsq
          %x = OpFunctionParameter %float
       %sqe = OpLabel
         %xx = OpFMul %float %x %x
               OpReturnValue %xx
               OpFunctionEnd
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %gp = OpAccessChain %ptr_u32 %gid %uint_0
          %i = OpLoad %uint %gp
         %ap = OpAccessChain %ptr_f %buf %uint_0 %i
               OpBranch %head
       %head = OpLabel
          %k = OpPhi %uint %uint_0 %entry %k1 %body
        %acc = OpPhi %float %float_1 %entry %acc1 %body
       %cond = OpULessThan %bool %k %uint_4
               OpLoopMerge %exit %body None
               OpBranchConditional %cond %body %exit
       %body = OpLabel
       %acc1 = OpFunctionCall %float %sq %acc
         %k1 = OpIAdd %uint %k %uint_1
               OpBranch %head
       %exit = OpLabel
         %wp = OpAccessChain %ptr_wf %wg %uint_0
               OpStore %wp %acc
               OpStore %ap %acc
               OpReturn
               OpFunctionEnd
`

// assemble assembles SPIR-V assembly with spirv-as.
func assemble(t *testing.T, text string) []byte {
	t.Helper()
	as := spirvtest.Tool(t, "spirv-as")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.spvasm"), filepath.Join(dir, "m.spv")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(as, "--target-env", "spv1.3", "-o", out, in).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func words(b []byte) []uint32 {
	m, err := spirv.Decode(b)
	if err != nil {
		return nil
	}
	return m.Words()
}

func TestBaseIsValid(t *testing.T) {
	b := assemble(t, base)
	spirvtest.Validate(t, words(b), "vulkan1.1")
	if _, err := Binary(b); err != nil {
		t.Fatal(err)
	}
}

// Each case breaks the base module in one way that spirv-val rejects too;
// the error must say what is wrong and where.
func TestRejects(t *testing.T) {
	for _, c := range []struct {
		name, old, new, want string
		clgoOnly             bool // spirv-val accepts it; clgo's drivers cannot run it
	}{
		{"undefined operand", "%k1 = OpIAdd %uint %k %uint_1", "%k1 = OpIAdd %uint %k %nowhere", "OpIAdd): operand 'Operand 2': %", false},
		{"use before definition", "%gp = OpAccessChain %ptr_u32 %gid %uint_0", "%gp = OpAccessChain %ptr_u32 %gid %i", "is not defined before its use", false},
		{"type as value", "%k1 = OpIAdd %uint %k %uint_1", "%k1 = OpIAdd %uint %k %uint", "is a type, want a value", false},
		{"value as result type", "%k1 = OpIAdd %uint %k %uint_1", "%k1 = OpIAdd %uint_1 %k %uint_1", "is not a type declared before", false},
		{"branch to a value", "OpBranch %head\n       %head", "OpBranch %i\n       %head", "is a value, want a label", false},
		{"branch to another function's label", "OpBranch %head\n       %head", "OpBranch %sqe\n       %head", "belongs to another function", false},
		{"array length not a constant", "%arr_4 = OpTypeArray %float %uint_4", "%arr_4 = OpTypeArray %float %float_1", "array length %", false},
		{"array length zero", "%uint_4 = OpConstant %uint 4", "%uint_4 = OpConstant %uint 0", "is 0", false},
		{"integer width", "%uint = OpTypeInt 32 0", "%uint = OpTypeInt 33 0", "integer width 33", false},
		{"vector size", "%v3uint = OpTypeVector %uint 3", "%v3uint = OpTypeVector %uint 5", "vector of 5 components", false},
		{"vector of vectors", "%v3uint = OpTypeVector %uint 3", "%v3uint = OpTypeVector %void 3", "is not a scalar type", false},
		{"boolean constant of an integer type", "%float_1 = OpConstant %float 1", "%float_1 = OpConstant %float 1\n%t = OpConstantTrue %uint", "OpConstantTrue of a non-boolean type", false},
		{"composite count", "%carr = OpConstantComposite %arr_4 %float_1 %float_1 %float_1 %float_1", "%carr = OpConstantComposite %arr_4 %float_1 %float_1 %float_1", "3 constituents, the type has 4", false},
		{"composite type", "%carr = OpConstantComposite %arr_4 %float_1 %float_1 %float_1 %float_1", "%carr = OpConstantComposite %arr_4 %float_1 %float_1 %float_1 %uint_1", "constituent 3", false},
		{"storage class", "%ptr_w = OpTypePointer Workgroup %arr_wg", "%ptr_w = OpTypePointer CrossWorkgroup %arr_wg", "storage class CrossWorkgroup is not allowed", false},
		{"variable storage class", "%wg = OpVariable %ptr_w Workgroup", "%wg = OpVariable %ptr_w Private", "differs from its pointer type's", false},
		{"Kernel capability", "OpCapability Shader", "OpCapability Shader\nOpCapability Kernel", "capability Kernel is not supported", false},
		{"execution model", "OpEntryPoint GLCompute %main", "OpEntryPoint Vertex %main", "execution model Vertex is not supported", false},
		{"entry point not a function", `OpEntryPoint GLCompute %main "main"`, `OpEntryPoint GLCompute %buf "main"`, "is a value, want a function", false},
		{"entry point with a result", `OpEntryPoint GLCompute %main "main"`, `OpEntryPoint GLCompute %sq "main"`, "must be a void function without parameters", false},
		{"execution mode on a non-entry", "OpExecutionMode %main LocalSize", "OpExecutionMode %sq LocalSize", "is not an entry point", false},
		{"decoration of nothing", "OpDecorate %n SpecId 3", "OpDecorate %ghost SpecId 3", "is never defined", false},
		{"member decoration past the members", "OpMemberDecorate %S 0 Offset 0", "OpMemberDecorate %S 3 Offset 0", "member 3 of %", false},
		{"return type", "OpReturnValue %xx", "OpReturnValue %uint_0", "returns %", false},
		{"OpReturn in a non-void function", "OpReturnValue %xx", "OpReturn", "OpReturn in function", false},
		{"call arity", "%acc1 = OpFunctionCall %float %sq %acc", "%acc1 = OpFunctionCall %float %sq %acc %acc", "2 arguments for function", false},
		{"call argument type", "%acc1 = OpFunctionCall %float %sq %acc", "%acc1 = OpFunctionCall %float %sq %k", "argument 0", false},
		{"recursion", "%xx = OpFMul %float %x %x", "%xx = OpFunctionCall %float %sq %x", "recursively", false},
		{"phi not first", "%acc = OpPhi %float %float_1 %entry %acc1 %body\n       %cond", "%cond0 = OpULessThan %bool %k %uint_4\n%acc = OpPhi %float %float_1 %entry %acc1 %body\n       %cond", "OpPhi must come first", false},
		{"phi parent not a label", "%k = OpPhi %uint %uint_0 %entry %k1 %body", "%k = OpPhi %uint %uint_0 %entry %k1 %k1", "OpPhi parent %", false},
		{"merge not before branch", "OpLoopMerge %exit %body None\n               OpBranchConditional", "OpLoopMerge %exit %body None\n%c2 = OpLogicalNot %bool %cond\n               OpBranchConditional", "must come just before its block's branch", false},
		{"condition not boolean", "OpBranchConditional %cond %body %exit", "OpBranchConditional %k %body %exit", "is not a boolean", false},
		{"branch to the entry block", "OpBranch %head\n       %head", "OpBranch %entry\n       %head", "entry block", false},
		{"variable not first", "%wp = OpAccessChain %ptr_wf %wg %uint_0", "%wp = OpAccessChain %ptr_wf %wg %uint_0\n%fv = OpVariable %ptr_wf Function", "function variables must come first", false},
		{"global Function variable", "%wg = OpVariable %ptr_w Workgroup", "%wg = OpVariable %ptr_w Workgroup\n%ptr_ff = OpTypePointer Function %float\n%gv = OpVariable %ptr_ff Function", "cannot have storage class Function", false},
		{"type in a function", "%xx = OpFMul %float %x %x", "%xx = OpFMul %float %x %x\n%t2 = OpTypeInt 16 0", "a type declaration is not allowed inside a function", false},
		{"OpKill", "OpReturn\n               OpFunctionEnd\n", "OpKill\n               OpFunctionEnd\n", "OpKill is not allowed", false},
		{"addressing model", "OpMemoryModel Logical GLSL450", "OpMemoryModel Physical64 GLSL450", "AddressingModel Physical64 needs one of the capabilities [Addresses]", false},
		{"atomic on a float pointer's value", "%k1 = OpIAdd %uint %k %uint_1", "%k1 = OpIAdd %uint %k %uint_1\n%at = OpAtomicIAdd %uint %ap %uint_1 %uint_0 %uint_1", "result type %", false},
		{"scope not a constant", "%k1 = OpIAdd %uint %k %uint_1", "%k1 = OpIAdd %uint %k %uint_1\nOpControlBarrier %k %uint_1 %uint_0", "operand 'Execution': %", false},
		{"SpecId on a constant", "OpDecorate %n SpecId 3", "OpDecorate %uint_4 SpecId 3", "decoration SpecId on %", false},
		{"Binding on a type", "OpDecorate %buf Binding 0", "OpDecorate %S Binding 0", "decoration Binding on %", false},
		{"use not dominated by its definition", "OpStore %ap %acc\n", "OpStore %ap %acc1\n", "which does not dominate its use in block %", false},
		{"back edge to a block that is not a loop header", "%wp = OpAccessChain %ptr_wf %wg %uint_0\n               OpStore %wp %acc\n               OpStore %ap %acc\n               OpReturn", "OpBranch %exit2\n%exit2 = OpLabel\nOpBranch %exit2", "which is not a loop header", false},
		{"opcode capability", "%xx = OpFMul %float %x %x", "%xx = OpFMul %float %x %x\n%o = OpOrdered %bool %x %x", "OpOrdered needs one of the capabilities [Kernel]", false},
		{"enumerant capability", "OpDecorate %gid BuiltIn GlobalInvocationId", "OpDecorate %gid BuiltIn ClipDistance", "BuiltIn ClipDistance needs one of the capabilities [ClipDistance]", false},
		{"OpenCL.std", `%glsl = OpExtInstImport "GLSL.std.450"`, `%glsl = OpExtInstImport "OpenCL.std"`, `"OpenCL.std" is not supported`, true},
		{"interface not a variable", `"main" %gid`, `"main" %uint_0`, "is not a global variable", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.old) {
				t.Fatalf("base has no %q", c.old)
			}
			b := assemble(t, strings.Replace(base, c.old, c.new, 1))
			if spirvtest.Check(t, words(b), "vulkan1.1") == nil && !c.clgoOnly {
				t.Errorf("spirv-val accepts it")
			}
			_, err := Binary(b)
			var ve *Error
			if !errors.As(err, &ve) {
				t.Fatalf("Binary: %v, want an *Error", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Binary: %v\nwant an error containing %q", err, c.want)
			}
		})
	}
}
