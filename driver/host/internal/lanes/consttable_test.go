package lanes

import (
	"fmt"
	"strings"
	"testing"
)

// constTableModule reads a Private array of 5000 words with an
// initializer (INIT, tableInit) through a variable
// index; WRITE is replaced by a store into it (writeNext) or by nothing.
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
         %c1 = OpConstant %uint 1
      %c5000 = OpConstant %uint 5000
        %arr = OpTypeArray %uint %c5000
       %parr = OpTypePointer Private %arr
        %ppu = OpTypePointer Private %uint
INIT
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

// writeNext stores 0 into the next element of the array: a lane's own
// copy, so that its load still sees the initializer.
const writeNext = `         %i1 = OpIAdd %uint %i %c1
         %pw = OpAccessChain %ppu %tab %i1
               OpStore %pw %c0`

// tableInit is constTableModule's INIT: element k is 3k+1.
func tableInit() string {
	var b strings.Builder
	ids := make([]string, 5000)
	for k := range ids {
		ids[k] = fmt.Sprintf("%%e%d", k)
		fmt.Fprintf(&b, "%s = OpConstant %%uint %d\n", ids[k], 3*k+1)
	}
	fmt.Fprintf(&b, "%%init = OpConstantComposite %%arr %s", strings.Join(ids, " "))
	return b.String()
}

// TestConstTable: the initialized Private array that is only read becomes
// one read-only table (a RegionBuffer without a set, Init its bytes); the
// same array written through a chain is per work-item memory initialized
// from the same bytes (its loads see the initializer and the store).
func TestConstTable(t *testing.T) {
	for _, write := range []bool{false, true} {
		src := strings.Replace(constTableModule, "WRITE", "", 1)
		if write {
			src = strings.Replace(constTableModule, "WRITE", writeNext, 1)
		}
		src = strings.Replace(src, "INIT", tableInit(), 1)
		p, err := asmBuild(t, src)
		if err != nil {
			t.Fatal(err)
		}
		out := words(16)
		if tr := dispatch(p, 2, out); tr != nil {
			t.Fatalf("write %v: trap %+v", write, tr)
		}
		for i := range 16 {
			if got, want := word(out, i), uint32(3*i+1); got != want {
				t.Fatalf("write %v: out[%d] = %d, want %d", write, i, got, want)
			}
		}
		if write {
			priv := 0
			for _, rg := range p.Regions {
				if rg.Kind == RegionPrivate && len(rg.Init) == 4*5000 && word(rg.Init, 4999) == 3*4999+1 {
					priv++
				}
			}
			if priv != 1 {
				t.Errorf("written: %d initialized Private regions, want 1", priv)
			}
			continue
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
