package opt_test

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

func TestDCE(t *testing.T) {
	m := assemble(t, header+`
%unusedT = OpTypeVector %float 2
%c7 = OpConstant %uint 7
%dead = OpFunction %void None %fnv
%dl = OpLabel
OpReturn
OpFunctionEnd
%main = OpFunction %void None %fnv
%l0 = OpLabel
%v = OpVariable %pfu Function
%w = OpVariable %pfu Function
OpStore %w %u1
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%a = OpIAdd %uint %x %c7
%b = OpIMul %uint %a %a
%keep = OpIAdd %uint %x %u1
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %keep
OpReturn
OpFunctionEnd
`)
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if n := count(m, spirv.OpIMul); n != 0 {
		t.Errorf("%d OpIMul left", n)
	}
	if n := count(m, spirv.OpIAdd); n != 1 {
		t.Errorf("%d OpIAdd left, want 1", n)
	}
	if n := len(m.Functions); n != 1 {
		t.Errorf("%d functions left, want 1", n)
	}
	// %w is only stored to; %v is unused: both go, with the store. The
	// storage buffer, input and decorated types stay.
	if n := count(m, spirv.OpVariable); n != 2 {
		t.Errorf("%d OpVariable left, want 2 (buf, gid)\n%s", n, dis(m))
	}
	if n := count(m, spirv.OpTypeVector); n != 1 {
		t.Errorf("%d OpTypeVector left, want 1 (v3uint)\n%s", n, dis(m))
	}
	if n := count(m, spirv.OpStore); n != 1 {
		t.Errorf("%d OpStore left, want 1 (to the buffer)", n)
	}
}

// A function exported for linking stays though no entry point calls it.
func TestDCEKeepsExported(t *testing.T) {
	m := assembleFor(t, `
OpCapability Shader
OpCapability Linkage
OpMemoryModel Logical GLSL450
OpDecorate %f LinkageAttributes "f" Export
%void = OpTypeVoid
%fnv = OpTypeFunction %void
%f = OpFunction %void None %fnv
%l = OpLabel
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fnv
%lg = OpLabel
OpReturn
OpFunctionEnd
`, "spv1.3")
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "spv1.3")
	if len(m.Functions) != 1 || len(m.Annotations) != 1 {
		t.Errorf("want the exported function only:\n%s", dis(m))
	}
}
