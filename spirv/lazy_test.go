package spirv

import "testing"

// TestLazyTables: the tables built on first use answer as the maps did,
// the extra ClspvReflection instruction included.
func TestLazyTables(t *testing.T) {
	if e, ok := ExtInst("NonSemantic.ClspvReflection.5", uint32(ClspvReflectionNormalizedSamplerMaskPushConstant)); !ok || e.Name != "NormalizedSamplerMaskPushConstant" || len(e.Operands) != 4 {
		t.Errorf("ExtInst(ClspvReflection, 41) = %+v, %v", e, ok)
	}
	if e, ok := ExtInst("GLSL.std.450", uint32(GLSLstd450Exp)); !ok || e.Name != "Exp" {
		t.Errorf("ExtInst(GLSL.std.450, Exp) = %+v, %v", e, ok)
	}
	if in := OpLoad.Info(); in == nil || in.Name != "OpLoad" {
		t.Errorf("OpLoad.Info() = %+v", in)
	}
	if in := Op(65535).Info(); in != nil {
		t.Errorf("Op(65535).Info() = %+v, want nil", in)
	}
	if op, ok := OpByName("OpFAdd"); !ok || op != OpFAdd {
		t.Errorf("OpByName(OpFAdd) = %v, %v", op, ok)
	}
	if s := StorageClassWorkgroup.String(); s != "Workgroup" {
		t.Errorf("StorageClassWorkgroup.String() = %q", s)
	}
	if v, ok := EnumValue(KindDecoration, "NoContraction"); !ok || v != uint32(DecorationNoContraction) {
		t.Errorf("EnumValue(Decoration, NoContraction) = %v, %v", v, ok)
	}
}
