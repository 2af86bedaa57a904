package lanes

import (
	"strings"
	"testing"
)

// Structs of more than maxLeaves scalars made by a function (two
// returns), chosen by a condition (a phi), carried round a loop that
// lanes leave after different numbers of rounds, and copied whole: their
// values live in memory (bigval.go) and every lane sees its own.
func TestBigValues(t *testing.T) {
	const src = `typedef struct { int a[4500]; short n; int tail[3]; } Big;
	Big make(int s) {
		Big b;
		for (int j = 0; j < 4500; j++) b.a[j] = j ^ s;
		b.n = s; b.tail[2] = 7 * s;
		if (s & 1) { b.a[s] = -s; return b; }
		return b;
	}
	kernel void k(global int *out, global const int *np) {
		int i = get_global_id(0);
		Big x = make(i);
		Big y = make(np[0]);
		Big z = (i & 2) ? x : y;
		for (int r = 0; r < (i & 3); r++) { Big t = z; t.a[r] += r + 1; z = t; }
		out[i] = z.a[i] + z.a[4499 - i] + z.n + x.a[i] + z.tail[2];
	}`
	mk := func(s int32) (a []int32, n, tail int32) {
		a = make([]int32, 4500)
		for j := range a {
			a[j] = int32(j) ^ s
		}
		if s&1 != 0 {
			a[s] = -s
		}
		return a, int32(int16(s)), 7 * s
	}
	ref := func(np int32) func(i int32) int32 {
		return func(i int32) int32 {
			xa, xn, xt := mk(i)
			za, zn, zt := mk(np)
			if i&2 != 0 {
				za, zn, zt = append([]int32(nil), xa...), xn, xt
			}
			for r := range i & 3 {
				za[r] += r + 1
			}
			return za[i] + za[4499-i] + zn + xa[i] + zt
		}
	}
	for _, chunk := range []int{8, 32} {
		p := build(t, src, "k", 32, chunk)
		mem := 0
		for _, rg := range p.Regions {
			if strings.HasSuffix(rg.Name, " value") {
				mem++
			}
		}
		if mem == 0 {
			t.Fatalf("chunk %d: no value held in memory: the kernel does not test them", chunk)
		}
		for _, np := range []int32{5, 40} {
			checkOut(t, p, 64, 0xdead, ref(np), np)
		}
	}
}

// bigSelectModule selects per lane between two arrays of 5000 words, a
// table's (tableInit: 3k+1) and a null constant, stores the choice into
// a Function variable and reads element i back: a whole load, a big
// constant, OpSelect and a whole store of values too large to scalarize.
const bigSelectModule = `
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
       %bool = OpTypeBool
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
       %farr = OpTypePointer Function %arr
        %pfu = OpTypePointer Function %uint
INIT
       %null = OpConstantNull %arr
        %tab = OpVariable %parr Private %init
       %main = OpFunction %void None %fnv
      %entry = OpLabel
         %fv = OpVariable %farr Function
          %g = OpLoad %v3 %gid
          %i = OpCompositeExtract %uint %g 0
        %odd = OpBitwiseAnd %uint %i %c1
       %cond = OpIEqual %bool %odd %c1
          %a = OpLoad %arr %tab
          %s = OpSelect %arr %cond %a %null
               OpStore %fv %s
         %pe = OpAccessChain %pfu %fv %i
          %v = OpLoad %uint %pe
         %po = OpAccessChain %psu %out %c0 %i
               OpStore %po %v
               OpReturn
               OpFunctionEnd
`

func TestBigSelect(t *testing.T) {
	p, err := asmBuild(t, strings.Replace(bigSelectModule, "INIT", tableInit(), 1))
	if err != nil {
		t.Fatal(err)
	}
	out := words(16)
	if tr := dispatch(p, 2, out); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	for i := range 16 {
		want := uint32(0)
		if i&1 != 0 {
			want = uint32(3*i + 1)
		}
		if got := word(out, i); got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}
}
