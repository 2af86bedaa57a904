package spirvtest

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

func module(withEntryPoint bool) *spirv.Module {
	b := spirv.NewBuilder(spirv.Version13)
	b.Capability(spirv.CapabilityShader)
	b.MemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelGLSL450)
	void := b.TypeVoid()
	fn := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.NewBlock()
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	if withEntryPoint {
		b.EntryPoint(spirv.ExecutionModelGLCompute, fn.ID, "main")
		b.ExecutionMode(fn.ID, spirv.ExecutionModeLocalSize, 1, 1, 1)
	}
	return b.Module
}

func TestValidate(t *testing.T) {
	ValidateModule(t, module(true), "")
	ValidateModule(t, module(true), "vulkan1.2")
}

func TestCheckReportsInvalid(t *testing.T) {
	m := module(false)
	// A function whose block is not terminated is invalid.
	m.Functions[0].Blocks[0].Insts = nil
	err := Check(t, m.Words(), "")
	if err == nil {
		t.Fatal("Check accepted an invalid module")
	}
	if !strings.Contains(err.Error(), "spirv-val") || !strings.Contains(err.Error(), "OpFunction") {
		t.Errorf("error lacks the validator's message or the disassembly:\n%v", err)
	}
}
