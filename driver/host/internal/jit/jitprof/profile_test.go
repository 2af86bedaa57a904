package main

import (
	"strings"
	"testing"
)

const sample = `code 0x1000 100
op 0 10 0 v0 = LiveLanes.mask
op 1 20 1 v1 = Copy.mask #0x0
op 2 20 2 Label.i32 imm=2,0
op 3 40 3 Exit.i32
`

func TestOpOf(t *testing.T) {
	l, err := parseListing(sample)
	if err != nil {
		t.Fatal(err)
	}
	// Offsets 0-9 are the prologue, 10-19 op 0, 20-39 op 2 (op 1 emits
	// nothing: it shares op 2's offset), 40 on the last op.
	for off, want := range map[uint64]int{0: -1, 9: -1, 10: 0, 19: 0, 20: 2, 39: 2, 40: 3, 99: 3} {
		if got := l.opOf(off); got != want {
			t.Errorf("opOf(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestReport(t *testing.T) {
	l, err := parseListing(sample)
	if err != nil {
		t.Fatal(err)
	}
	l.name = "k"
	ips, err := parseIPs("1000\n100a\n1014\n1015\n2000\n")
	if err != nil {
		t.Fatal(err)
	}
	got := report([]*listing{l}, ips, 10)
	want := `5 samples

k: 80.0% of samples in its code
  40.0%  op 2: 2 Label.i32 imm=2,0
  20.0%  prologue
  20.0%  op 0: 0 v0 = LiveLanes.mask
`
	if got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"cod 1 2\n", `line 1: want "code ADDR SIZE"`},
		{"code 0x10 8\nop 0 x y\n", `line 2: strconv.Atoi`},
		{"code 0x10 8\nop 0 8 a\nop 1 4 b\n", "line 3: offset 4 before the last op's 8"},
	} {
		_, err := parseListing(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseListing(%q): %v, want an error with %q", c.in, err, c.want)
		}
	}
	if _, err := parseIPs("7f00 zz\n"); err == nil || !strings.Contains(err.Error(), `"zz" is no address`) {
		t.Errorf("parseIPs: %v", err)
	}
}
