package amd64

import (
	"bytes"
	"testing"
)

// TestColdSection: code between BeginCold and EndCold lands after the
// rest, its jumps and the jumps to it still reaching their labels.
func TestColdSection(t *testing.T) {
	var a Assembler
	cold, back := a.NewLabel(), a.NewLabel()
	a.Jcc(CondE, cold) // 0: 0f 84 rel32
	a.BeginCold()
	a.Bind(cold)
	a.UD2()
	a.JMP(back)
	a.EndCold()
	a.Bind(back) // 6
	a.RET()
	code, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	// cold at 7: je +1; ud2; jmp back (6 - 14 = -8).
	want := []byte{0x0f, 0x84, 1, 0, 0, 0, 0xc3, 0x0f, 0x0b, 0xe9, 0xf8, 0xff, 0xff, 0xff}
	if !bytes.Equal(code, want) {
		t.Fatalf("code % x, want % x", code, want)
	}
	if got := a.LabelOffset(cold); got != 7 {
		t.Fatalf("cold label at %d, want 7", got)
	}
}

// TestBindAfterJump: the JMPs to a label just before it are removed,
// and a label bound between them moves back to the label's place.
func TestBindAfterJump(t *testing.T) {
	var a Assembler
	l, m := a.NewLabel(), a.NewLabel()
	a.JMP(m) // 0: kept (to m, not l)
	a.RET()  // 5
	a.JMP(l) // 6: dropped
	a.Bind(m)
	a.JMP(l) // 11: dropped
	a.BindAfterJump(l)
	a.RET()
	code, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0xe9, 1, 0, 0, 0, 0xc3, 0xc3}
	if !bytes.Equal(code, want) {
		t.Fatalf("code % x, want % x", code, want)
	}
	if a.LabelOffset(l) != 6 || a.LabelOffset(m) != 6 {
		t.Fatalf("l at %d, m at %d, want 6 and 6", a.LabelOffset(l), a.LabelOffset(m))
	}
	// A JMP before an open cold section stays.
	var b Assembler
	k := b.NewLabel()
	b.JMP(k)
	b.BeginCold()
	b.BindAfterJump(k)
	b.RET()
	b.EndCold()
	if _, err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	if b.LabelOffset(k) != 5 {
		t.Fatalf("k at %d, want 5 (after the kept JMP)", b.LabelOffset(k))
	}
}
