package fromspirv_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/internal/kspec"
)

// writeAsm writes assembly to a temporary file and assembles it.
func writeAsm(t *testing.T, text string) []uint32 {
	t.Helper()
	f := filepath.Join(t.TempDir(), "m.spvasm")
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return assemble(t, f)
}

// TestResult checks what Translate reports beside the source: kernels,
// SpecIds with their sizes, exported and imported functions.
func TestResult(t *testing.T) {
	words := writeAsm(t, `
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Linkage
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k1 "first"
               OpEntryPoint Kernel %k2 "second"
               OpExecutionMode %k1 LocalSize 4 2 1
               OpExecutionModeId %k2 LocalSizeHintId %c8 %c1 %c1
               OpDecorate %s1 SpecId 4
               OpDecorate %s2 SpecId 9
               OpDecorate %s3 SpecId 2
               OpDecorate %imp LinkageAttributes "helper_in" Import
               OpDecorate %exp LinkageAttributes "helper_out" Export
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
       %fnty = OpTypeFunction %void
       %uty = OpTypeFunction %uint %uint
         %c1 = OpConstant %uint 1
         %c8 = OpConstant %uint 8
         %s1 = OpSpecConstant %ulong 1
         %s2 = OpSpecConstantTrue %bool
         %s3 = OpSpecConstant %uint 3
        %imp = OpFunction %uint None %uty
         %ip = OpFunctionParameter %uint
               OpFunctionEnd
        %exp = OpFunction %uint None %uty
         %ep = OpFunctionParameter %uint
         %el = OpLabel
         %er = OpFunctionCall %uint %imp %ep
               OpReturnValue %er
               OpFunctionEnd
         %k1 = OpFunction %void None %fnty
         %l1 = OpLabel
               OpReturn
               OpFunctionEnd
         %k2 = OpFunction %void None %fnty
         %l2 = OpLabel
               OpReturn
               OpFunctionEnd
`)
	res := translate(t, words, fromspirv.Options{})
	if want := []string{"first", "second"}; !reflect.DeepEqual(res.Entries, want) {
		t.Errorf("Entries = %v, want %v", res.Entries, want)
	}
	if want := map[uint32]int{4: 8, 9: 1, 2: 4}; !reflect.DeepEqual(res.SpecIDs, want) {
		t.Errorf("SpecIDs = %v, want %v", res.SpecIDs, want)
	}
	if want := []string{"helper_in"}; !reflect.DeepEqual(res.Imports, want) {
		t.Errorf("Imports = %v, want %v", res.Imports, want)
	}
	if want := []string{"helper_out"}; !reflect.DeepEqual(res.Exports, want) {
		t.Errorf("Exports = %v, want %v", res.Exports, want)
	}
	for _, want := range []string{"uint helper_in(uint _", "uint helper_out(uint _",
		"__kernel __attribute__((reqd_work_group_size(4, 2, 1))) void first(void)",
		"__kernel __attribute__((work_group_size_hint(8, 1, 1))) void second(void)"} {
		if !strings.Contains(res.Source, want) {
			t.Errorf("source lacks %q:\n%s", want, res.Source)
		}
	}
	if !reflect.DeepEqual(res.Options, []string{"-arch=spir64"}) {
		t.Errorf("Options = %v", res.Options)
	}
}

// TestErrors checks that modules the translator cannot take give errors
// naming the instruction and its word offset.
func TestErrors(t *testing.T) {
	header := `
               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical32 OpenCL
               OpEntryPoint Kernel %k "k"
`
	for _, c := range []struct{ name, body, want string }{
		{"decoration", `
               OpDecorate %u Stream 1
       %void = OpTypeVoid
          %u = OpTypeInt 32 0
       %fnty = OpTypeFunction %void
          %k = OpFunction %void None %fnty
          %l = OpLabel
               OpReturn
               OpFunctionEnd`, "fromspirv: word 16: OpDecorate: decoration Stream is not supported"},
		{"instruction", `
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
       %fnty = OpTypeFunction %void
          %c = OpConstant %uint 1
          %k = OpFunction %void None %fnty
          %l = OpLabel
          %x = OpBitReverse %uint %c
               OpReturn
               OpFunctionEnd`, "fromspirv: word 36: OpBitReverse: instruction not supported"},
		{"offset", `
               OpMemberDecorate %s 1 Offset 8
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
          %s = OpTypeStruct %uint %uint
       %fnty = OpTypeFunction %void
          %k = OpFunction %void None %fnty
          %l = OpLabel
               OpReturn
               OpFunctionEnd`, "fromspirv: word 16: OpMemberDecorate: member 1 of %2 is at offset 8, not 4 as in OpenCL C"},
		{"pipe", `
       %void = OpTypeVoid
       %pipe = OpTypePipe ReadOnly
       %fnty = OpTypeFunction %void %pipe
          %k = OpFunction %void None %fnty
          %p = OpFunctionParameter %pipe
          %l = OpLabel
               OpReturn
               OpFunctionEnd`, "fromspirv: word 18: OpTypePipe: type not supported (pipes and device-side enqueue are not translated)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := fromspirv.Translate(writeAsm(t, header+c.body), fromspirv.Options{})
			if err == nil || err.Error() != c.want {
				t.Errorf("error = %v\nwant    %s", err, c.want)
			}
		})
	}
	if _, err := fromspirv.Translate([]uint32{1, 2, 3}, fromspirv.Options{}); err == nil {
		t.Error("no error for 3 words")
	}
}

// TestLink translates two modules that link: the first imports helper,
// which the second exports, and both define twice with LinkOnceODR
// linkage; the second is translated with twice internal, as
// clLinkProgram does for a LinkOnceODR function an earlier unit defines.
// Both also have an aggregate constant of one id (%900), which each unit
// must keep to itself.
// out[i] = helper(i) + twice(i) = (3i + twice(i)) + 2i = 7i.
func TestLink(t *testing.T) {
	head := `
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Linkage
               OpExtension "SPV_KHR_linkonce_odr"
               OpMemoryModel Physical32 OpenCL
`
	types := `
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
        %uty = OpTypeFunction %uint %uint
       %pair = OpTypeStruct %uint %uint
        %900 = OpConstantComposite %pair %uint_2 %uint_3
`
	twice := `
      %twice = OpFunction %uint None %uty
         %tx = OpFunctionParameter %uint
         %tl = OpLabel
         %t2 = OpCompositeExtract %uint %900 0
         %tr = OpIMul %uint %tx %t2
               OpReturnValue %tr
               OpFunctionEnd
`
	a := writeAsm(t, head+`
               OpEntryPoint Kernel %k "linked" %gid
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %helper LinkageAttributes "helper" Import
               OpDecorate %twice LinkageAttributes "twice" LinkOnceODR
`+types+`
     %v3uint = OpTypeVector %uint 3
     %ptr_in = OpTypePointer Input %v3uint
   %ptr_uint = OpTypePointer CrossWorkgroup %uint
        %kty = OpTypeFunction %void %ptr_uint
        %gid = OpVariable %ptr_in Input
     %helper = OpFunction %uint None %uty
         %hx = OpFunctionParameter %uint
               OpFunctionEnd
`+twice+`
          %k = OpFunction %void None %kty
        %out = OpFunctionParameter %ptr_uint
          %l = OpLabel
          %g = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %g 0
          %h = OpFunctionCall %uint %helper %i
          %w = OpFunctionCall %uint %twice %i
          %s = OpIAdd %uint %h %w
          %p = OpInBoundsPtrAccessChain %ptr_uint %out %i
               OpStore %p %s
               OpReturn
               OpFunctionEnd
`)
	b := writeAsm(t, head+`
               OpDecorate %helper LinkageAttributes "helper" Export
               OpDecorate %twice LinkageAttributes "twice" LinkOnceODR
`+types+twice+`
     %helper = OpFunction %uint None %uty
         %hx = OpFunctionParameter %uint
         %hl = OpLabel
         %h3 = OpIMul %uint %hx %uint_3
         %hw = OpFunctionCall %uint %twice %hx
         %hr = OpIAdd %uint %h3 %hw
               OpReturnValue %hr
               OpFunctionEnd
`)
	ra := translate(t, a, fromspirv.Options{})
	if !reflect.DeepEqual(ra.LinkOnce, []string{"twice"}) || !reflect.DeepEqual(ra.Imports, []string{"helper"}) {
		t.Fatalf("first module: LinkOnce %v, Imports %v", ra.LinkOnce, ra.Imports)
	}
	rb := translate(t, b, fromspirv.Options{LinkOnceInternal: map[string]bool{"twice": true}})
	spec, err := kspec.Parse("link", "//! kernel linked\n//! global 8\n//! arg buffer<uint> 8 out\n")
	if err != nil {
		t.Fatal(err)
	}
	out := runUnits(t, []string{ra.Source, rb.Source}, "", spec)
	if got, want := kspec.Format(spec.Args[0].Type, out[0], 8), "0 7 14 21 28 35 42 49"; got != want {
		t.Errorf("got %s, want %s\n%s\n%s", got, want, ra.Source, rb.Source)
	}
}
