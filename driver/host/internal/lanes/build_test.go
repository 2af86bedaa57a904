package lanes

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// build compiles OpenCL C and builds kernel entry for work-groups of
// local lanes (dimension 0) in chunks of chunk lanes.
func build(t *testing.T, src, entry string, local, chunk int) *Program {
	t.Helper()
	p, err := tryBuild(t, src, entry, local, chunk)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func tryBuild(t *testing.T, src, entry string, local, chunk int) (*Program, error) {
	t.Helper()
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	return Build(spirv.NewIndex(m), entry, map[uint32]uint64{0: uint64(local), 1: 1, 2: 1}, chunk)
}

// dispatch runs groups work-groups of p with buffers bound at set 0,
// bindings 0, 1, ... and returns the first trap.
func dispatch(p *Program, groups int, bufs ...[]byte) *Trap {
	mem := make([][]byte, len(p.Regions))
	for i, rg := range p.Regions {
		switch {
		case rg.Kind == RegionBuffer && rg.Set == 0 && rg.Binding < len(bufs):
			mem[i] = bufs[rg.Binding]
		case rg.Kind == RegionBuffer && rg.Set < 0:
			mem[i] = rg.Init // a constant table, as the driver binds it
		case rg.Kind == RegionPush:
			mem[i] = make([]byte, max(rg.Size, 64))
		}
	}
	e := NewExec(p)
	g := &Group{Memory: mem, NumGroups: [3]uint32{uint32(groups), 1, 1}}
	for n := range groups {
		g.ID = [3]uint32{uint32(n), 0, 0}
		if t := e.RunGroup(g); t != nil {
			return t
		}
	}
	return nil
}

func words(n int) []byte { return make([]byte, 4*n) }

func word(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }

func putWord(b []byte, i int, v uint32) { binary.LittleEndian.PutUint32(b[4*i:], v) }

// checkOut runs p, a kernel k(global int *out, global const int *np), over
// two work-groups with the words params in np and n words in out, each
// fill before the run, and fails where out[i] is not ref(i).
func checkOut(t *testing.T, p *Program, n int, fill uint32, ref func(i int32) int32, params ...int32) {
	t.Helper()
	out, np := words(n), words(len(params))
	for i := range n {
		putWord(out, i, fill)
	}
	for i, v := range params {
		putWord(np, i, uint32(v))
	}
	if tr := dispatch(p, 2, out, np); tr != nil {
		t.Fatalf("chunk %d, np %v: trap %+v", p.Chunk, params, tr)
	}
	for i := range int32(n) {
		if got, want := int32(word(out, int(i))), ref(i); got != want {
			t.Fatalf("chunk %d, np %v: out[%d] = %d, want %d", p.Chunk, params, i, got, want)
		}
	}
}

func TestBuildArithmetic(t *testing.T) {
	const src = `kernel void k(global const int *in, global int *out, global float *fo) {
		int i = get_global_id(0);
		int x = in[i];
		out[i] = x * 3 + i - (x >> 2) / 5;
		fo[i] = sqrt((float)i) + (float)x * 0.5f;
	}`
	for _, chunk := range []int{8, 32, 64} {
		p := build(t, src, "k", 64, chunk)
		in, out, fo := words(256), words(256), words(256)
		for i := range 256 {
			putWord(in, i, uint32(int32(i*7-900)))
		}
		if tr := dispatch(p, 4, in, out, fo); tr != nil {
			t.Fatalf("chunk %d: trap %+v", chunk, tr)
		}
		for i := range 256 {
			x := int32(i*7 - 900)
			if want := x*3 + int32(i) - (x>>2)/5; int32(word(out, i)) != want {
				t.Fatalf("chunk %d: out[%d] = %d, want %d", chunk, i, int32(word(out, i)), want)
			}
			want := float32(math.Sqrt(float64(float32(i)))) + float32(x)*0.5
			if got := math.Float32frombits(word(fo, i)); got != want {
				t.Fatalf("chunk %d: fo[%d] = %v, want %v", chunk, i, got, want)
			}
		}
	}
}

// A loop whose trip count differs per lane, a break, a helper with an
// early return: every lane must end with its own values.
func TestBuildDivergentControlFlow(t *testing.T) {
	const src = `int f(int x) { if (x < 0) return -1; return x * 2; }
	kernel void k(global int *out) {
		int i = get_global_id(0);
		int s = 0;
		for (int j = 0; j < i % 7; j++) {
			if (j == 4) break;
			s += j + f(i - 10);
		}
		out[i] = s;
	}`
	p := build(t, src, "k", 32, 8)
	out := words(64)
	if tr := dispatch(p, 2, out); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	for i := range 64 {
		s := 0
		for j := 0; j < i%7; j++ {
			if j == 4 {
				break
			}
			fv := -1
			if i-10 >= 0 {
				fv = (i - 10) * 2
			}
			s += j + fv
		}
		if got := int32(word(out, i)); got != int32(s) {
			t.Fatalf("out[%d] = %d, want %d", i, got, s)
		}
	}
}

// A work-group of 128 lanes in chunks of 32 reverses its ids through
// local memory: every chunk must reach the barrier before any reads.
func TestBuildBarrierAcrossChunks(t *testing.T) {
	const src = `kernel void k(global int *out) {
		local int tmp[128];
		int l = get_local_id(0);
		tmp[l] = l * 10 + get_group_id(0);
		barrier(CLK_LOCAL_MEM_FENCE);
		out[get_global_id(0)] = tmp[127 - l];
	}`
	p := build(t, src, "k", 128, 32)
	if p.Barriers != 1 {
		t.Errorf("%d barriers, want 1", p.Barriers)
	}
	out := words(256)
	if tr := dispatch(p, 2, out); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	for i := range 256 {
		g, l := i/128, i%128
		if want := uint32((127-l)*10 + g); word(out, i) != want {
			t.Fatalf("out[%d] = %d, want %d", i, word(out, i), want)
		}
	}
}

// The loop counter of a loop with uniform bounds is Uniform; a counter
// whose bound varies per lane is not.
func TestBuildUniformLoopCounter(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *n) {
		int i = get_global_id(0);
		int s = 0;
		for (int j = 0; j < n[0]; j++) s += out[j];
		int t = 0;
		for (int j = 0; j < i; j++) t += j;
		out[i] = s + t;
	}`
	p := build(t, src, "k", 64, 64)
	uniformCmp, varyingCmp := 0, 0
	for _, o := range p.Ops {
		if o.Code == SLt && o.Kind == I32 {
			if p.Values[o.Dst].Shape == Uniform {
				uniformCmp++
			} else {
				varyingCmp++
			}
		}
	}
	if uniformCmp != 1 || varyingCmp != 1 {
		t.Errorf("loop conditions: %d Uniform, %d Varying; want 1 and 1\n%s", uniformCmp, varyingCmp, p)
	}
	out, n := words(64), words(1)
	for i := range 64 {
		putWord(out, i, uint32(i))
	}
	putWord(n, 0, 5)
	if tr := dispatch(p, 1, out, n); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	// Lanes run in order within the chunk: every lane reads out[0..4]
	// before any writes (one chunk of 64).
	for i := range 64 {
		if want := uint32(0+1+2+3+4) + uint32(i*(i-1)/2); word(out, i) != want {
			t.Fatalf("out[%d] = %d, want %d", i, word(out, i), want)
		}
	}
}

func TestBuildTrap(t *testing.T) {
	const src = `kernel void k(global int *out) {
		int i = get_global_id(0);
		out[i * 2] = i;
	}`
	p := build(t, src, "k", 16, 8)
	out := words(20)
	tr := dispatch(p, 1, out)
	if tr == nil || tr.Code != TrapAccess {
		t.Fatalf("trap %+v, want an access trap", tr)
	}
	rg := p.Regions[tr.Region]
	if rg.Kind != RegionBuffer || rg.Binding != 0 || tr.Lane != 10 || tr.Offset != 80 || tr.Size != 4 {
		t.Errorf("trap %+v in %+v; want lane 10, offset 80, 4 bytes of binding 0", tr, rg)
	}
	// Lanes before the failing one in its chunk have stored.
	if word(out, 16) != 8 || word(out, 18) != 9 {
		t.Errorf("out[16], out[18] = %d, %d; want 8, 9", word(out, 16), word(out, 18))
	}
}

func TestBuildUnsupported(t *testing.T) {
	// A variable of the Output storage class, which no OpenCL kernel has.
	_, err := asmBuild(t, `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %o
               OpExecutionMode %main LocalSize 8 1 1
       %void = OpTypeVoid
        %fnv = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c0 = OpConstant %uint 0
         %po = OpTypePointer Output %uint
          %o = OpVariable %po Output
       %main = OpFunction %void None %fnv
      %entry = OpLabel
               OpStore %o %c0
               OpReturn
               OpFunctionEnd
`)
	if !errors.Is(err, ErrUnsupported) {
		t.Fatalf("error %v, want ErrUnsupported", err)
	}
	t.Log(err)
	if want := "lanes: kernel main: OpVariable: storage class Output: " + ErrUnsupported.Error(); err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// Values live across a loop's back edge or a barrier keep their slots;
// others share: the frame is far smaller than one slot per value.
func TestBuildSlotsShared(t *testing.T) {
	const src = `kernel void k(global float *out) {
		int i = get_global_id(0);
		float a = i, b = 1;
		for (int j = 0; j < 8; j++) {
			float c = a * b + j;
			float d = c * c - a;
			b = d * 0.5f + c;
			a = a + 1;
		}
		out[i] = a + b;
	}`
	p := build(t, src, "k", 64, 64)
	all := 0
	for _, v := range p.Values {
		if !v.Const && v.Slot >= 0 {
			all += v.Kind.Bytes() * p.Chunk
		}
	}
	if p.FrameSize*2 > all {
		t.Errorf("frame of %d bytes for values of %d bytes: slots not shared", p.FrameSize, all)
	}
	out := words(64)
	if tr := dispatch(p, 1, out); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	for i := range 64 {
		a, b := float32(i), float32(1)
		for j := range 8 {
			c := a*b + float32(j)
			d := c*c - a
			b = d*0.5 + c
			a = a + 1
		}
		if got := math.Float32frombits(word(out, i)); got != a+b {
			t.Fatalf("out[%d] = %v, want %v", i, got, a+b)
		}
	}
}

// A kernel whose math library calls inline to thousands of ops and many
// loops still builds quickly.
func TestBuildLargeKernel(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	const src = `kernel void k(global double16 *out, global const double16 *in) {
		int i = get_global_id(0);
		out[i] = tgamma(in[i]) + lgamma(in[i] * 0.5);
	}`
	start := time.Now()
	p, err := tryBuild(t, src, "k", 64, 64)
	if err != nil {
		t.Skipf("not on the lane tier: %v", err)
	}
	t.Logf("%d ops, %d values, frame %d bytes, built in %v", len(p.Ops), len(p.Values), p.FrameSize, time.Since(start))
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("Build took %v", d)
	}
}

// asmBuild assembles src (SPIR-V assembly) and builds its entry point
// "main" in chunks of 8 lanes.
func asmBuild(t *testing.T, src string) (*Program, error) {
	t.Helper()
	as, err := exec.LookPath("spirv-as")
	if err != nil {
		t.Skip("no spirv-as")
	}
	dir := t.TempDir()
	in, bin := filepath.Join(dir, "m.spvasm"), filepath.Join(dir, "m.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(as, "--target-env", "vulkan1.1", "-o", bin, in).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, b)
	}
	code, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	return Build(spirv.NewIndex(m), "main", nil, 8)
}
