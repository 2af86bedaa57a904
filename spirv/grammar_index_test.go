package spirv

import "testing"

// TestOpIndex checks the generated opcode index against opTable: every
// entry is found under its opcode, the first of aliased opcodes as the
// grammar lists them, and no other opcode has one.
func TestOpIndex(t *testing.T) {
	want := map[Op]*OpInfo{}
	for i := range opTable {
		if want[opTable[i].Op] == nil {
			want[opTable[i].Op] = &opTable[i]
		}
	}
	n := 0
	for i := 0; i < 1<<16; i++ {
		op := Op(i)
		if got := op.Info(); got != want[op] {
			t.Errorf("%d.Info() = %v, want %v", op, got, want[op])
		} else if got != nil {
			n++
		}
	}
	if n != len(want) {
		t.Errorf("%d opcodes found, opTable has %d", n, len(want))
	}
}
