package lanes

import (
	"errors"
	"strings"
	"testing"
)

// constTableModule reads a Private array of 5000 words with an
// initializer through a variable index; WRITE is replaced by a store into
// it or by nothing.
const constTableModule = `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 8 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %buf 0 Offset 0
               OpDecorate %buf Block
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
       %void = OpTypeVoid
        %fnv = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %v3 = OpTypeVector %uint 3
        %pin = OpTypePointer Input %v3
        %gid = OpVariable %pin Input
        %rta = OpTypeRuntimeArray %uint
        %buf = OpTypeStruct %rta
       %pbuf = OpTypePointer StorageBuffer %buf
        %out = OpVariable %pbuf StorageBuffer
        %psu = OpTypePointer StorageBuffer %uint
         %c0 = OpConstant %uint 0
      %c5000 = OpConstant %uint 5000
        %arr = OpTypeArray %uint %c5000
       %parr = OpTypePointer Private %arr
        %ppu = OpTypePointer Private %uint
       %init = OpConstantNull %arr
        %tab = OpVariable %parr Private %init
       %main = OpFunction %void None %fnv
      %entry = OpLabel
          %g = OpLoad %v3 %gid
          %i = OpCompositeExtract %uint %g 0
         %pt = OpAccessChain %ppu %tab %i
WRITE
          %v = OpLoad %uint %pt
         %po = OpAccessChain %psu %out %c0 %i
               OpStore %po %v
               OpReturn
               OpFunctionEnd
`

// TestConstTable: the initialized Private array that is only read becomes
// one read-only table (a RegionBuffer without a set, Init its bytes); the
// same array written through a chain is not one.
func TestConstTable(t *testing.T) {
	for _, write := range []bool{false, true} {
		src := strings.Replace(constTableModule, "WRITE", "", 1)
		if write {
			src = strings.Replace(constTableModule, "WRITE", "               OpStore %pt %c0", 1)
		}
		p, err := asmBuild(t, src)
		if write {
			// A written array of 5000 words with an initializer is per
			// work-item memory the lane tier cannot initialize yet.
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("written: %v, want a refusal", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		tables := 0
		for _, rg := range p.Regions {
			if rg.Kind == RegionBuffer && rg.Set < 0 && len(rg.Init) == 4*5000 {
				tables++
			}
		}
		if tables != 1 {
			t.Errorf("%d constant tables, want 1", tables)
		}
	}
}
