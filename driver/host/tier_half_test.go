package host

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/internal/config"
)

// halfOpsModule has two entry points over halves that the compiler does
// not emit (it computes cl_khr_fp16 builtins in float) but SPIR-V from
// elsewhere may: per invocation i, half2 operands x, y (the bits of
// in[2i], in[2i+1]) and out[8i..8i+7]. "arith": FSub, FUnord*, OpDot of
// half2, OpVectorTimesScalar, GLSL Fma, Sqrt, FMix, IsInf, IsNan,
// conversions to ushort and from ulong, half to double and back, FNegate.
// "math" (which native code refuses): GLSL Sin and Pow, FRem and FMod on
// halves.
const halfOpsModule = `
OpCapability Shader
OpCapability Float16
OpCapability Float64
OpCapability Int64
OpCapability Int16
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %arith "arith" %gid
OpEntryPoint GLCompute %math "math" %gid
OpExecutionMode %arith LocalSize 8 1 1
OpExecutionMode %math LocalSize 8 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rt ArrayStride 4
OpMemberDecorate %st 0 Offset 0
OpDecorate %st Block
OpDecorate %in DescriptorSet 0
OpDecorate %in Binding 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%v2bool = OpTypeVector %bool 2
%uint = OpTypeInt 32 0
%ushort = OpTypeInt 16 0
%ulong = OpTypeInt 64 0
%half = OpTypeFloat 16
%double = OpTypeFloat 64
%v2half = OpTypeVector %half 2
%v3uint = OpTypeVector %uint 3
%rt = OpTypeRuntimeArray %uint
%st = OpTypeStruct %rt
%pst = OpTypePointer StorageBuffer %st
%pu = OpTypePointer StorageBuffer %uint
%pin = OpTypePointer Input %v3uint
%in = OpVariable %pst StorageBuffer
%out = OpVariable %pst StorageBuffer
%gid = OpVariable %pin Input
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%c4 = OpConstant %uint 4
%c5 = OpConstant %uint 5
%c6 = OpConstant %uint 6
%c7 = OpConstant %uint 7
%c8 = OpConstant %uint 8
%hq = OpConstant %half 0x1p-2
%z = OpConstant %uint 0

%arith = OpFunction %void None %fn
%la = OpLabel
%g3 = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g3 0
%i2 = OpIMul %uint %i %c2
%pa = OpAccessChain %pu %in %c0 %i2
%a = OpLoad %uint %pa
%i21 = OpIAdd %uint %i2 %c1
%pb = OpAccessChain %pu %in %c0 %i21
%b = OpLoad %uint %pb
%x = OpBitcast %v2half %a
%y = OpBitcast %v2half %b
%o = OpIMul %uint %i %c8
%sub = OpFSub %v2half %x %y
%r0 = OpBitcast %uint %sub
%p0 = OpAccessChain %pu %out %c0 %o
OpStore %p0 %r0
%fma = OpExtInst %v2half %glsl Fma %x %y %sub
%r1 = OpBitcast %uint %fma
%o1 = OpIAdd %uint %o %c1
%p1 = OpAccessChain %pu %out %c0 %o1
OpStore %p1 %r1
%ax = OpExtInst %v2half %glsl FAbs %x
%sq = OpExtInst %v2half %glsl Sqrt %ax
%mix = OpExtInst %v2half %glsl FMix %sq %y %y
%r2 = OpBitcast %uint %mix
%o2 = OpIAdd %uint %o %c2
%p2 = OpAccessChain %pu %out %c0 %o2
OpStore %p2 %r2
%dot = OpDot %half %x %y
%vs = OpVectorTimesScalar %v2half %x %dot
%vq = OpVectorTimesScalar %v2half %vs %hq
%r3 = OpBitcast %uint %vq
%o3 = OpIAdd %uint %o %c3
%p3 = OpAccessChain %pu %out %c0 %o3
OpStore %p3 %r3
%x0 = OpCompositeExtract %half %x 0
%y0 = OpCompositeExtract %half %y 0
%ult = OpFUnordLessThan %bool %x0 %y0
%uge = OpFUnordGreaterThanEqual %bool %x0 %y0
%inf = OpIsInf %bool %x0
%sgn = OpIsNan %bool %y0
%ord = OpFOrdNotEqual %bool %x0 %y0
%b0 = OpSelect %uint %ult %c1 %z
%b1 = OpSelect %uint %uge %c2 %z
%b2 = OpSelect %uint %inf %c4 %z
%b3 = OpSelect %uint %sgn %c8 %z
%b4 = OpSelect %uint %ord %c7 %z
%s01 = OpBitwiseOr %uint %b0 %b1
%s23 = OpBitwiseOr %uint %b2 %b3
%s = OpBitwiseOr %uint %s01 %s23
%s4 = OpIMul %uint %b4 %c8
%sa = OpIAdd %uint %s %s4
%o4 = OpIAdd %uint %o %c4
%p4 = OpAccessChain %pu %out %c0 %o4
OpStore %p4 %sa
%us = OpConvertFToU %ushort %x0
%u32 = OpUConvert %uint %us
%o5 = OpIAdd %uint %o %c5
%p5 = OpAccessChain %pu %out %c0 %o5
OpStore %p5 %u32
%l = OpUConvert %ulong %b
%lh = OpConvertUToF %half %l
%d = OpFConvert %double %y0
%d3 = OpFMul %double %d %d
%dh = OpFConvert %half %d3
%pair = OpCompositeConstruct %v2half %lh %dh
%r6 = OpBitcast %uint %pair
%o6 = OpIAdd %uint %o %c6
%p6 = OpAccessChain %pu %out %c0 %o6
OpStore %p6 %r6
%ny = OpFNegate %v2half %y
%r7 = OpBitcast %uint %ny
%o7 = OpIAdd %uint %o %c7
%p7 = OpAccessChain %pu %out %c0 %o7
OpStore %p7 %r7
OpReturn
OpFunctionEnd

%math = OpFunction %void None %fn
%lm = OpLabel
%mg3 = OpLoad %v3uint %gid
%mi = OpCompositeExtract %uint %mg3 0
%mi2 = OpIMul %uint %mi %c2
%mpa = OpAccessChain %pu %in %c0 %mi2
%ma = OpLoad %uint %mpa
%mx = OpBitcast %v2half %ma
%msin = OpExtInst %v2half %glsl Sin %mx
%mabs = OpExtInst %v2half %glsl FAbs %mx
%mpow = OpExtInst %v2half %glsl Pow %mabs %msin
%mr = OpBitcast %uint %mpow
%mo = OpIMul %uint %mi %c8
%mp = OpAccessChain %pu %out %c0 %mo
OpStore %mp %mr
%mi21 = OpIAdd %uint %mi2 %c1
%mpb = OpAccessChain %pu %in %c0 %mi21
%mb = OpLoad %uint %mpb
%my = OpBitcast %v2half %mb
%mrem = OpFRem %v2half %mx %my
%mmod = OpFMod %v2half %mx %my
%mr1 = OpBitcast %uint %mrem
%mo1 = OpIAdd %uint %mo %c1
%mp1 = OpAccessChain %pu %out %c0 %mo1
OpStore %mp1 %mr1
%mr2 = OpBitcast %uint %mmod
%mo2 = OpIAdd %uint %mo %c2
%mp2 = OpAccessChain %pu %out %c0 %mo2
OpStore %mp2 %mr2
OpReturn
OpFunctionEnd
`

// TestTierHalfOps runs halfOpsModule on the Go executor
// and (where it compiles) native code: every output word must agree bit
// for bit. The operands are random halves with zeros, subnormals,
// infinities and NaNs among them; y is never a NaN where x is (of two
// NaN operands, the Go executor's + and * give either one).
func TestTierHalfOps(t *testing.T) {
	m := asm(t, halfOpsModule)
	rng := rand.New(rand.NewPCG(3, 4))
	const groups, n = 32, 32 * 8
	edges := []uint16{0, 0x8000, 1, 0x83ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0xfd01, 0x3555}
	in := make([]byte, 8*n)
	for i := range 4 * n {
		h := uint16(rng.Uint32())
		if rng.IntN(3) == 0 {
			h = edges[rng.IntN(len(edges))]
		}
		if i%4 >= 2 && h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			// y: no NaN where x may be one.
			h &^= 0x3ff
		}
		binary.LittleEndian.PutUint16(in[2*i:], h)
	}
	for _, entry := range []string{"arith", "math"} {
		outs := map[string][]byte{}
		for _, tier := range []string{"lanes", "native"} {
			setTierIn(t, tier)
			k := prepare(t, m, entry, nil)
			switch {
			case tier == "lanes" && k.OnNative():
				t.Fatalf("%s: native code on the lane tier", entry)
			case tier == "native" && !k.OnNative():
				t.Logf("%s: not native code", entry)
				continue
			}
			out := make([]byte, 4*8*n)
			run(t, k, [3]int{groups, 1, 1}, nil, bytes.Clone(in), out)
			outs[tier] = out
		}
		config.Reload()
		for tier, out := range outs {
			want := outs["lanes"]
			for w := 0; w < len(want); w += 4 {
				if g, x := binary.LittleEndian.Uint32(out[w:]), binary.LittleEndian.Uint32(want[w:]); g != x {
					i := w / 32
					t.Errorf("%s on %s: invocation %d word %d: %#08x, Go executor %#08x (x %#08x, y %#08x)", entry, tier, i, w/4%8, g, x,
						binary.LittleEndian.Uint32(in[8*i:]), binary.LittleEndian.Uint32(in[8*i+4:]))
					break
				}
			}
		}
	}
}
