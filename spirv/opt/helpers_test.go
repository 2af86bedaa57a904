package opt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// assemble assembles spirv-as text into a module valid for Vulkan 1.1.
func assemble(t *testing.T, text string) *spirv.Module {
	t.Helper()
	return assembleFor(t, text, "")
}

// assembleFor is assemble for the spirv-val target environment env.
func assembleFor(t *testing.T, text, env string) *spirv.Module {
	t.Helper()
	as := spirvtest.Tool(t, "spirv-as")
	dir := t.TempDir()
	src, out := filepath.Join(dir, "m.spvasm"), filepath.Join(dir, "m.spv")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(as, "--target-env", "vulkan1.1", src, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, env)
	return m
}

// count returns how many instructions of op m holds.
func count(m *spirv.Module, op spirv.Op) int {
	n := 0
	m.Walk(func(in *spirv.Instruction) {
		if in.Op == op {
			n++
		}
	})
	return n
}

// size returns m's instruction count.
func size(m *spirv.Module) int {
	n := 0
	m.Walk(func(*spirv.Instruction) { n++ })
	return n
}

func dis(m *spirv.Module) string { return spirv.Disassemble(m, spirv.DisOptions{NoHeader: true}) }

// header is the common start of the hand-written test modules: a compute
// kernel over a storage buffer of uints, %buf, with %gid the invocation id.
const header = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rt ArrayStride 4
OpDecorate %st Block
OpMemberDecorate %st 0 Offset 0
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
%void = OpTypeVoid
%fnv = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v4uint = OpTypeVector %uint 4
%v3uint = OpTypeVector %uint 3
%rt = OpTypeRuntimeArray %uint
%st = OpTypeStruct %rt
%pst = OpTypePointer StorageBuffer %st
%pu = OpTypePointer StorageBuffer %uint
%pin = OpTypePointer Input %v3uint
%pfu = OpTypePointer Function %uint
%pfv = OpTypePointer Function %v4uint
%buf = OpVariable %pst StorageBuffer
%gid = OpVariable %pin Input
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u2 = OpConstant %uint 2
%u3 = OpConstant %uint 3
%u10 = OpConstant %uint 10
`

func contains(t *testing.T, m *spirv.Module, want ...string) {
	t.Helper()
	d := dis(m)
	for _, w := range want {
		if !strings.Contains(d, w) {
			t.Errorf("missing %q in\n%s", w, d)
		}
	}
}
