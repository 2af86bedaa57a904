package opt_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// header64 is header with 64- and 16-bit integers.
var header64 = strings.Replace(header, "OpCapability Shader\n", "OpCapability Shader\nOpCapability Int64\nOpCapability Int16\n", 1) + `
%ulong = OpTypeInt 64 0
%long = OpTypeInt 64 1
%ushort = OpTypeInt 16 0
%int = OpTypeInt 32 1
%ul4 = OpConstant %ulong 4
%big = OpConstant %ulong 0x100000003
%u5 = OpConstant %uint 5
%u40 = OpConstant %uint 40
`

// narrowed runs Narrow then DCE over m, validating after each, and
// returns m's function body with result ids dropped and other ids written
// %_ (constants keep their names: %uint_4).
func narrowed(t *testing.T, m *spirv.Module) string {
	t.Helper()
	if err := opt.Narrow(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	return body(m)
}

var resultID = regexp.MustCompile(`^%[0-9]+ = `)
var numID = regexp.MustCompile(`%[0-9]+\b`)

func body(m *spirv.Module) string {
	var out []string
	in := false
	for _, line := range strings.Split(dis(m), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.Contains(line, "OpFunction "):
			in = true
			continue
		case strings.HasPrefix(line, "OpFunctionEnd"):
			in = false
		}
		if in && !strings.Contains(line, "OpLabel") {
			out = append(out, numID.ReplaceAllString(resultID.ReplaceAllString(line, ""), "%_"))
		}
	}
	return strings.Join(out, "\n")
}

func sameBody(t *testing.T, got, want string) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(want), "\n") {
		lines = append(lines, strings.TrimSpace(l))
	}
	if want = strings.Join(lines, "\n"); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// The index of a[(size_t)x * 4 + (long)y << 5 ^ big] truncated for an
// access chain is computed in 32 bits: multiplication, bitcast, addition,
// shift by a constant under 32, xor with a constant's low word and
// negation. A sum that a 64-bit comparison reads and a shift by 40 (whose
// low word is not the 32-bit shift's) stay 64-bit.
func TestNarrowIndex(t *testing.T) {
	m := assemble(t, header64+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%y = OpCompositeExtract %uint %g 1
%wx = OpUConvert %ulong %x
%wy = OpSConvert %long %y
%m = OpIMul %ulong %wx %ul4
%b = OpBitcast %ulong %wy
%a = OpIAdd %ulong %m %b
%s = OpShiftLeftLogical %ulong %a %u5
%xo = OpBitwiseXor %ulong %s %big
%n = OpSNegate %ulong %xo
%i = OpUConvert %uint %n
%p = OpAccessChain %pu %buf %u0 %i
OpStore %p %x
%w2 = OpIAdd %ulong %wx %ul4
%c = OpULessThan %bool %w2 %big
%sh = OpShiftLeftLogical %ulong %wx %u40
%t = OpUConvert %uint %sh
%sel = OpSelect %uint %c %t %x
%p2 = OpAccessChain %pu %buf %u0 %x
OpStore %p2 %sel
OpReturn
OpFunctionEnd
`)
	sameBody(t, narrowed(t, m), `
		OpLoad %v3uint %gl_GlobalInvocationID
		OpCompositeExtract %uint %_ 0
		OpCompositeExtract %uint %_ 1
		OpUConvert %ulong %_
		OpIMul %uint %_ %uint_4
		OpIAdd %uint %_ %_
		OpShiftLeftLogical %uint %_ %uint_5
		OpBitwiseXor %uint %_ %uint_3
		OpSNegate %uint %_
		OpAccessChain %_ptr_StorageBuffer_uint %_ %uint_0 %_
		OpStore %_ %_
		OpIAdd %ulong %_ %ulong_4
		OpULessThan %bool %_ %ulong_4294967299
		OpShiftLeftLogical %ulong %_ %uint_40
		OpUConvert %uint %_
		OpSelect %uint %_ %_ %_
		OpAccessChain %_ptr_StorageBuffer_uint %_ %uint_0 %_
		OpStore %_ %_
		OpReturn`)
}

// A 64-bit operand that is not narrowed itself (a load) is truncated where
// a narrowed value uses it; truncations to a signed 32-bit type and to 16
// bits read the narrowed value; a value a phi reads stays 64-bit.
func TestNarrowOpaqueOperands(t *testing.T) {
	m := assemble(t, strings.Replace(header64, "OpDecorate %rt ArrayStride 4\n", `OpDecorate %rt ArrayStride 4
OpDecorate %rt64 ArrayStride 8
OpDecorate %st64 Block
OpMemberDecorate %st64 0 Offset 0
OpDecorate %buf64 DescriptorSet 0
OpDecorate %buf64 Binding 1
`, 1)+`
%rt64 = OpTypeRuntimeArray %ulong
%st64 = OpTypeStruct %rt64
%pst64 = OpTypePointer StorageBuffer %st64
%pul = OpTypePointer StorageBuffer %ulong
%buf64 = OpVariable %pst64 StorageBuffer
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%wx = OpUConvert %ulong %x
%q = OpAccessChain %pul %buf64 %u0 %u0
%ld = OpLoad %ulong %q
%a = OpIAdd %ulong %wx %ld
%si = OpSConvert %int %a
%h = OpUConvert %ushort %a
%hw = OpUConvert %uint %h
%bi = OpBitcast %uint %si
%sum = OpIAdd %uint %bi %hw
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %sum
%k = OpIAdd %ulong %wx %ul4
OpBranch %l1
%l1 = OpLabel
%phi = OpPhi %ulong %k %l0
%tr = OpUConvert %uint %phi
%p2 = OpAccessChain %pu %buf %u0 %tr
OpStore %p2 %x
OpReturn
OpFunctionEnd
`)
	sameBody(t, narrowed(t, m), `
		OpLoad %v3uint %gl_GlobalInvocationID
		OpCompositeExtract %uint %_ 0
		OpUConvert %ulong %_
		OpAccessChain %_ptr_StorageBuffer_ulong %_ %uint_0 %uint_0
		OpLoad %ulong %_
		OpUConvert %uint %_
		OpIAdd %uint %_ %_
		OpBitcast %int %_
		OpUConvert %ushort %_
		OpUConvert %uint %_
		OpBitcast %uint %_
		OpIAdd %uint %_ %_
		OpAccessChain %_ptr_StorageBuffer_uint %_ %uint_0 %_
		OpStore %_ %_
		OpIAdd %ulong %_ %ulong_4
		OpBranch %_
		OpPhi %ulong %_ %_
		OpUConvert %uint %_
		OpAccessChain %_ptr_StorageBuffer_uint %_ %uint_0 %_
		OpStore %_ %_
		OpReturn`)
}

// A kernel's 64-bit index arithmetic (-arch=spir64 shapes) through the
// whole pipeline stays valid and the narrowing pass leaves no 64-bit
// arithmetic feeding the access chains.
func TestNarrowInRun(t *testing.T) {
	m := assemble(t, header64+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%wx = OpUConvert %ulong %x
%m = OpIMul %ulong %wx %ul4
%a = OpIAdd %ulong %m %ul4
%i = OpUConvert %uint %a
%p = OpAccessChain %pu %buf %u0 %i
OpStore %p %x
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	sameBody(t, body(m), `
		OpLoad %v3uint %gl_GlobalInvocationID
		OpCompositeExtract %uint %_ 0
		OpIMul %uint %_ %uint_4
		OpIAdd %uint %_ %uint_4
		OpAccessChain %_ptr_StorageBuffer_uint %_ %uint_0 %_
		OpStore %_ %_
		OpReturn`)
}

// Divisions, remainders and right shifts of zero-extended 32-bit values
// are 32-bit operations widened after, and comparisons of such values
// (signed ones too: both are non-negative) compare the 32-bit values; a
// division of a value that is not zero-extended (a sign extension) stays
// 64-bit, and so does the zero extension its comparison reads.
func TestNarrowZeroExtended(t *testing.T) {
	m := assemble(t, header64+`
%ul2 = OpConstant %ulong 2
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%y = OpCompositeExtract %uint %g 1
%wx = OpUConvert %ulong %x
%wy = OpUConvert %ulong %y
%d = OpUDiv %ulong %wx %ul2
%r = OpUMod %ulong %wx %wy
%s = OpShiftRightLogical %ulong %wy %u5
%c = OpSLessThan %bool %d %r
%sum = OpIAdd %ulong %d %s
%i = OpUConvert %uint %sum
%sel = OpSelect %uint %c %i %x
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %sel
%sx = OpSConvert %ulong %x
%q = OpUDiv %ulong %sx %ul2
%e = OpULessThan %bool %q %wy
%k = OpSelect %uint %e %x %y
OpStore %p %k
OpReturn
OpFunctionEnd
`)
	sameBody(t, narrowed(t, m), `
		OpLoad %v3uint %gl_GlobalInvocationID
		OpCompositeExtract %uint %_ 0
		OpCompositeExtract %uint %_ 1
		OpUConvert %ulong %_
		OpUDiv %uint %_ %uint_2
		OpUMod %uint %_ %_
		OpShiftRightLogical %uint %_ %uint_5
		OpULessThan %bool %_ %_
		OpIAdd %uint %_ %_
		OpSelect %uint %_ %_ %_
		OpAccessChain %_ptr_StorageBuffer_uint %_ %uint_0 %_
		OpStore %_ %_
		OpSConvert %ulong %_
		OpUDiv %ulong %_ %ulong_2
		OpULessThan %bool %_ %_
		OpSelect %uint %_ %_ %_
		OpStore %_ %_
		OpReturn`)
}
