package lanes

import "testing"

// TestFormsLoopCarried: the forms of values a loop advances (written
// before the loop and at its latch), in compiled kernels, chunks of 8.
func TestFormsLoopCarried(t *testing.T) {
	cases := []struct {
		name, src string
		local     int
		want      string
	}{
		// Grid-stride loop: i starts at the global id, steps by the
		// global size (Uniform): stride 4 in the loop.
		{"gridstride", `kernel void k(int n, float a, global const float *x, global float *y) {
			for (int i = get_global_id(0); i < n; i += get_global_size(0))
				y[i] += a * x[i];
		}`, 64, "Load:u! Load:u! Load:u! Load:4 Load:4 Store:4 Load:u"},
		// A varying step (the lane's own data): no form.
		{"varystep", `kernel void k(int n, global const int *s, global float *y) {
			for (int i = get_global_id(0); i < n; i += s[get_local_id(0)] + 1)
				y[i] = 1.0f;
		}`, 64, "Load:u! Load:u! Store:? Load:4"},
		// i advanced under a partial mask inside a uniform loop: a blend
		// under the if's mask, no form; j, advanced every iteration,
		// keeps one.
		{"partialredef", `kernel void k(global const float *x, global float *y) {
			int i = get_global_id(0), j = get_global_id(0);
			float s = 0;
			#pragma nounroll
			for (int k = 0; k < 8; k++) {
				if (x[j] > 0.5f) i += 64;
				s += x[i] + x[j];
				j += 64;
			}
			y[get_global_id(0)] = s;
		}`, 64, "Load:u! Load:4! Load:?! Load:4! Store:4!"},
		// Nested loops: the inner index restarts from the outer one.
		{"nested", `kernel void k(int n, global const float *x, global float *y) {
			float s = 0;
			for (int r = get_global_id(0); r < n; r += get_global_size(0))
				#pragma nounroll
				for (int c = 0; c < 4; c++)
					s += x[r * 4 + c];
			y[get_global_id(0)] = s;
		}`, 64, "Load:u! Load:u! Load:16 Load:u Store:4!"},
		// clpeak's bandwidth pattern: id advanced by the local size in
		// a uniform loop; float4 components at stride 16.
		{"bwl", `kernel void k(global const float4 *a, global float *b) {
			int id = get_group_id(0) * get_local_size(0) * 8 + get_local_id(0);
			float4 s = 0;
			#pragma nounroll
			for (int i = 0; i < 4; i++) { s += a[id]; id += get_local_size(0); s += a[id]; id += get_local_size(0); }
			b[get_global_id(0)] = s.x + s.y + s.z + s.w;
		}`, 64, "Load:u! Load:16! Load:16! Load:16! Load:16! Load:16! Load:16! Load:16! Load:16! Load:u! Store:4!"},
		// A pointer bump.
		{"bump", `kernel void k(int n, global const float *x, global float *y) {
			global const float *p = x + get_global_id(0);
			float s = 0;
			for (int i = 0; i < n; i++) { s += *p; p += get_global_size(0); }
			y[get_global_id(0)] = s;
		}`, 64, "Load:u! Load:u! Load:4! Load:u! Store:4!"},
		// A work-group of 60 lanes: the loop's entry blends under a
		// partial mask (the last chunk's missing lanes): no form.
		{"partial", `kernel void k(int n, float a, global const float *x, global float *y) {
			for (int i = get_global_id(0); i < n; i += get_global_size(0))
				y[i] += a * x[i];
		}`, 60, "Load:u Load:u Load:u Load:? Load:? Store:? Load:u"},
	}
	for _, c := range cases {
		p := build(t, c.src, "k", c.local, 8)
		if got := accessForms(p); got != c.want {
			t.Errorf("%s: forms %s\nwant %s\n%s", c.name, got, c.want, p)
		}
	}
}

// handProgram is a program of values vs (Kinds and Shapes) and ops, for
// work-groups of local lanes in chunks of 8.
func handProgram(local int, vs []ValueInfo, ops []Op) *Program {
	for i := range ops {
		for _, v := range []*Value{&ops[i].A, &ops[i].B, &ops[i].C, &ops[i].M} {
			if *v == 0 && ops[i].Code != Select {
				// Operands left zero are unused (v0 is the LiveLanes
				// mask, which only Selects here read).
				*v = NoValue
			}
		}
	}
	return &Program{Entry: "k", Chunk: 8, Local: [3]int{local, 1, 1}, Values: vs, Ops: ops}
}

// TestFormsMultiDef: the assume-and-check rules on hand-built programs.
// v0 is LiveLanes, v1 the local id (stride 1), v2 a Uniform value.
func TestFormsMultiDef(t *testing.T) {
	vary := func(k Kind) ValueInfo { return ValueInfo{Kind: k, Shape: Varying} }
	uni := ValueInfo{Kind: I32, Shape: Uniform}
	head := []ValueInfo{vary(Mask), vary(I32), uni}
	prologue := []Op{
		{Code: LiveLanes, Kind: Mask, Dst: 0},
		{Code: LocalID, Kind: I32, Dst: 1},
	}
	type tc struct {
		name  string
		local int
		vs    []ValueInfo
		ops   []Op
		v     Value
		want  Form
	}
	affine1 := Form{Known: true, Exact: true, Stride: 1, vary: 1}
	cases := []tc{
		// v3 = id; loop: v4 = v3 + u; v3 = v4.
		{"induction", 64, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Copy, Kind: I32, Dst: 3, A: 1},
			{Code: Add, Kind: I32, Dst: 4, A: 3, B: 2},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, affine1},
		// The step is the lane's id: stride 1 then 2, ... no form.
		{"varyingstep", 64, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Copy, Kind: I32, Dst: 3, A: 1},
			{Code: Add, Kind: I32, Dst: 4, A: 3, B: 1},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, Form{}},
		// The entry blend under LiveLanes, full in groups of 64 lanes.
		{"fullblend", 64, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Select, Kind: I32, Dst: 3, A: 0, B: 1, C: 3},
			{Code: Add, Kind: I32, Dst: 4, A: 3, B: 2},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, affine1},
		// Groups of 60: the last chunk's LiveLanes is partial, and its
		// missing lanes keep the slot's old contents.
		{"partialblend", 60, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Select, Kind: I32, Dst: 3, A: 0, B: 1, C: 3},
			{Code: Add, Kind: I32, Dst: 4, A: 3, B: 2},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, Form{}},
		// Stride 0 values mixed under a Varying mask (v3 = lid < u) do
		// not have equal lanes.
		{"mixzero", 64, []ValueInfo{vary(Mask), vary(I32)}, []Op{
			{Code: SLt, Kind: I32, Dst: 3, A: 1, B: 2},
			{Code: Copy, Kind: I32, Dst: 4, A: 2},
			{Code: Select, Kind: I32, Dst: 4, A: 3, B: 2, C: 4},
		}, 4, Form{}},
		// A Uniform mask picks a whole vector: both of stride 1.
		{"uniformmask", 64, []ValueInfo{uni, vary(I32), vary(I32)}, []Op{
			{Code: SLt, Kind: I32, Dst: 3, A: 2, B: 2},
			{Code: Add, Kind: I32, Dst: 4, A: 1, B: 2},
			{Code: Copy, Kind: I32, Dst: 5, A: 1},
			{Code: Select, Kind: I32, Dst: 5, A: 3, B: 4, C: 5},
		}, 5, affine1},
		// Two writes of different strides.
		{"disagree", 64, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Copy, Kind: I32, Dst: 3, A: 1},
			{Code: Add, Kind: I32, Dst: 4, A: 1, B: 1},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, Form{}},
		// A pointer bump: v3 = Index(u, id, 4); loop: v3 = Index(v3, u, 4).
		{"bump", 64, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Index, Kind: I32, Dst: 3, A: 2, B: 1, Imm: 4},
			{Code: Index, Kind: I32, Dst: 4, A: 3, B: 2, Imm: 4},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, Form{Known: true, Stride: 4, vary: 1}},
		// A bump by a varying amount changes the stride.
		{"varyingbump", 64, []ValueInfo{vary(I32), vary(I32)}, []Op{
			{Code: Index, Kind: I32, Dst: 3, A: 2, B: 1, Imm: 4},
			{Code: Index, Kind: I32, Dst: 4, A: 3, B: 1, Imm: 4},
			{Code: Copy, Kind: I32, Dst: 3, A: 4},
		}, 3, Form{}},
		// A value loaded on one path: no form.
		{"loaded", 64, []ValueInfo{vary(I32)}, []Op{
			{Code: Copy, Kind: I32, Dst: 3, A: 1},
			{Code: Load, Kind: I32, Dst: 3, A: 2, M: 0, Imm2: 4},
		}, 3, Form{}},
		// A cascade: v4 follows v3, which fails; v4 must fail with it.
		{"cascade", 64, []ValueInfo{vary(I32), vary(I32), vary(I32)}, []Op{
			{Code: Copy, Kind: I32, Dst: 3, A: 1},
			{Code: Copy, Kind: I32, Dst: 4, A: 3},
			{Code: Add, Kind: I32, Dst: 5, A: 1, B: 1},
			{Code: Copy, Kind: I32, Dst: 3, A: 5},
			{Code: Copy, Kind: I32, Dst: 4, A: 1},
		}, 4, Form{}},
		// 64-bit: an extended id advanced by a 64-bit Add.
		{"ext64", 64, []ValueInfo{vary(I64), vary(I64), {Kind: I64, Shape: Uniform}}, []Op{
			{Code: SextTo64, Kind: I32, Dst: 3, A: 1},
			{Code: Add, Kind: I64, Dst: 4, A: 3, B: 5},
			{Code: Copy, Kind: I64, Dst: 3, A: 4},
		}, 3, Form{}},
	}
	for _, c := range cases {
		vs := append(append([]ValueInfo{}, head...), c.vs...)
		ops := append(append([]Op{}, prologue...), c.ops...)
		p := handProgram(c.local, vs, ops)
		if got := Forms(p)[c.v]; got != c.want {
			t.Errorf("%s: v%d %+v, want %+v", c.name, c.v, got, c.want)
		}
	}
}
