package lanes

import "testing"

// TestHoistConstantsAndRepeats: an op of a loop whose operands are a
// kernel argument and a constant first used inside the loop (n / 16 in a
// loop condition) is placed before the loop, and equal loop-invariant
// ops in two inner loops (the row offset of a local array's row, read in
// both) are one value; the results are as computed by hand. #pragma
// nounroll keeps the constant-trip loops loops.
func TestHoistConstantsAndRepeats(t *testing.T) {
	const src = `kernel void k(global int *out, global const int *n) {
		local int a[64][4];
		int l = get_local_id(0);
		#pragma nounroll
		for (int r = 0; r < 4; r++) a[l][r] = r * l;
		barrier(CLK_LOCAL_MEM_FENCE);
		int s = 0, m = n[0];
		for (int t = 0; t < m / 16; t++) {
			#pragma nounroll
			for (int j = 0; j < 3; j++) s += a[l][j];
			#pragma nounroll
			for (int j = 1; j < 4; j++) s += a[l][j] * t;
		}
		out[get_global_id(0)] = s;
	}`
	p := build(t, src, "k", 64, 8)
	type loop struct{ head, end int }
	var loops []loop
	labelAt := map[int64]int{}
	for i, o := range p.Ops {
		switch o.Code {
		case Label:
			labelAt[o.Imm] = i
		case JumpIfAny, Jump, JumpIfNone:
			if at, ok := labelAt[o.Imm]; ok && at < i {
				loops = append(loops, loop{at, i})
			}
		}
	}
	divs, rows := 0, 0
	for i, o := range p.Ops {
		switch {
		case o.Code == SDiv:
			divs++
			for _, l := range loops {
				if l.head <= i && i <= l.end {
					t.Errorf("SDiv at op %d, inside the loop of ops %d-%d\n%s", i, l.head, l.end, p)
				}
			}
		case o.Code == Index && o.Imm == 16:
			rows++
		}
	}
	if divs != 1 {
		t.Errorf("%d SDiv ops, want 1\n%s", divs, p)
	}
	// The row offset l*16 of a[l][j]: one Index before the loop that
	// fills a, one before the t loop for both its inner loops.
	if rows != 2 {
		t.Errorf("%d Index ops of stride 16, want 2\n%s", rows, p)
	}
	out, n := words(64), words(1)
	putWord(n, 0, 50) // 3 rounds
	if tr := dispatch(p, 1, out, n); tr != nil {
		t.Fatalf("trap %+v", tr)
	}
	for l := range 64 {
		want := 0
		for tt := range 3 {
			want += (0 + 1 + 2) * l
			want += (1 + 2 + 3) * l * tt
		}
		if got := int(int32(word(out, l))); got != want {
			t.Fatalf("out[%d] = %d, want %d", l, got, want)
		}
	}
}
