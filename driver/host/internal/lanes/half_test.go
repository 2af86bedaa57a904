package lanes

import (
	"encoding/binary"
	"math"
	"testing"
)

// TestFToHalfF64: FToHalf from F64 rounds once, where going through
// float32 first would round twice (values worked out by hand).
func TestFToHalfF64(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want uint16
	}{
		{1, 0x3c00},
		{1 + 0x1p-11, 0x3c00},           // tie: even
		{1 + 0x1p-11 + 0x1p-40, 0x3c01}, // above the tie; float32 would drop 2^-40 and round to even
		{1 + 3*0x1p-11, 0x3c02},         // tie: even (up)
		{-(1 + 0x1p-11 + 0x1p-50), 0xbc01},
		{65520, 0x7c00},    // rounds to infinity
		{65519.99, 0x7bff}, // the largest half
		{0x1p-25, 0},       // tie with 0: even
		{0x1p-25 + 0x1p-60, 1},
		{math.Inf(-1), 0xfc00},
		{1e300, 0x7c00},
		{math.NaN(), 0x7e00},
		{math.Copysign(math.NaN(), -1), 0xfe00},
	} {
		if got := fToHalfBits(F64, math.Float64bits(c.f)); got != c.want {
			t.Errorf("FToHalf.f64(%v) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
}

// TestHalfToFRoundTrip: every half but the NaNs widens to a float that
// FToHalf gives back exactly; NaNs come back as 0x7e00 with their sign.
func TestHalfToFRoundTrip(t *testing.T) {
	for h := range 1 << 16 {
		f := halfToF32Bits(uint16(h))
		want := uint16(h)
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			want = uint16(h)&0x8000 | 0x7e00
			if f&0x7fc00000 != 0x7fc00000 || f&0x3fffff != uint32(h&0x1ff)<<13 {
				t.Errorf("HalfToF(%#04x) = %#08x: not the quiet NaN with its payload", h, f)
			}
		}
		if got := fToHalfBits(F32, uint64(f)); got != want {
			t.Errorf("FToHalf(HalfToF(%#04x)) = %#04x (via %#08x), want %#04x", h, got, f, want)
		}
	}
}

// bitcastModule: per invocation i, half2 and half4 bitcasts of in[i] and
// in64[i] (Float16 with 32- and 64-bit scalars and vectors, both ways),
// their components swapped or reversed, written to out and out64.
const bitcastModule = `
OpCapability Shader
OpCapability Float16
OpCapability Int64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rt ArrayStride 4
OpMemberDecorate %st 0 Offset 0
OpDecorate %st Block
OpDecorate %rt64 ArrayStride 8
OpMemberDecorate %st64 0 Offset 0
OpDecorate %st64 Block
OpDecorate %in DescriptorSet 0
OpDecorate %in Binding 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
OpDecorate %in64 DescriptorSet 0
OpDecorate %in64 Binding 2
OpDecorate %out64 DescriptorSet 0
OpDecorate %out64 Binding 3
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%half = OpTypeFloat 16
%float = OpTypeFloat 32
%v2half = OpTypeVector %half 2
%v4half = OpTypeVector %half 4
%v2uint = OpTypeVector %uint 2
%v3uint = OpTypeVector %uint 3
%rt = OpTypeRuntimeArray %uint
%st = OpTypeStruct %rt
%pst = OpTypePointer StorageBuffer %st
%rt64 = OpTypeRuntimeArray %ulong
%st64 = OpTypeStruct %rt64
%pst64 = OpTypePointer StorageBuffer %st64
%pu = OpTypePointer StorageBuffer %uint
%pl = OpTypePointer StorageBuffer %ulong
%pin = OpTypePointer Input %v3uint
%in = OpVariable %pst StorageBuffer
%out = OpVariable %pst StorageBuffer
%in64 = OpVariable %pst64 StorageBuffer
%out64 = OpVariable %pst64 StorageBuffer
%gid = OpVariable %pin Input
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c8 = OpConstant %uint 8
%main = OpFunction %void None %fn
%l = OpLabel
%g3 = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g3 0
%pa = OpAccessChain %pu %in %c0 %i
%a = OpLoad %uint %pa
%h = OpBitcast %v2half %a
%hs = OpVectorShuffle %v2half %h %h 1 0
%r = OpBitcast %uint %hs
%i2 = OpIMul %uint %i %c2
%po = OpAccessChain %pu %out %c0 %i2
OpStore %po %r
%f = OpBitcast %float %hs
%hf = OpBitcast %v2half %f
%rf = OpBitcast %uint %hf
%i21 = OpIAdd %uint %i2 %c1
%po1 = OpAccessChain %pu %out %c0 %i21
OpStore %po1 %rf
%pb = OpAccessChain %pl %in64 %c0 %i
%b = OpLoad %ulong %pb
%q = OpBitcast %v4half %b
%qs = OpVectorShuffle %v4half %q %q 3 2 1 0
%rq = OpBitcast %ulong %qs
%pq = OpAccessChain %pl %out64 %c0 %i
OpStore %pq %rq
%u2 = OpBitcast %v2uint %b
%q2 = OpBitcast %v4half %u2
%q2s = OpVectorShuffle %v4half %q2 %q2 1 0 3 2
%r2 = OpBitcast %v2uint %q2s
%r2l = OpBitcast %ulong %r2
%i8 = OpIAdd %uint %i %c8
%pq8 = OpAccessChain %pl %out64 %c0 %i8
OpStore %pq8 %r2l
OpReturn
OpFunctionEnd
`

// TestBitcast16: bitcasts between half vectors and 32- and 64-bit
// scalars and vectors keep the bits, component 0 lowest (results worked
// out by hand: swapped and reversed 16-bit pieces).
func TestBitcast16(t *testing.T) {
	p, err := asmBuild(t, bitcastModule)
	if err != nil {
		t.Fatal(err)
	}
	in, out := make([]byte, 4*8), make([]byte, 4*16)
	in64, out64 := make([]byte, 8*8), make([]byte, 8*16)
	for i := range 8 {
		binary.LittleEndian.PutUint32(in[4*i:], 0x7c01fe00+uint32(i)*0x00010003)
		binary.LittleEndian.PutUint64(in64[8*i:], 0xfd553c00_7e000001+uint64(i)*0x0001000200030004)
	}
	if tr := dispatch(p, 1, in, out, in64, out64); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	for i := range 8 {
		a := binary.LittleEndian.Uint32(in[4*i:])
		swap := a>>16 | a<<16
		for j := range 2 {
			if got := binary.LittleEndian.Uint32(out[4*(2*i+j):]); got != swap {
				t.Errorf("lane %d result %d: %#08x, want %#08x", i, j, got, swap)
			}
		}
		b := binary.LittleEndian.Uint64(in64[8*i:])
		rev := b>>48 | b>>16&0xffff0000 | b<<16&0xffff00000000 | b<<48
		if got := binary.LittleEndian.Uint64(out64[8*i:]); got != rev {
			t.Errorf("lane %d: half4 reversed %#016x, want %#016x", i, got, rev)
		}
		pairs := b>>16&0x0000ffff0000ffff | b&0x0000ffff0000ffff<<16
		if got := binary.LittleEndian.Uint64(out64[8*(8+i):]); got != pairs {
			t.Errorf("lane %d: half pairs swapped %#016x, want %#016x", i, got, pairs)
		}
	}
}
