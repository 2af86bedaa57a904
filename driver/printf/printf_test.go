package printf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// buffer builds a printf buffer of n words holding records (each its
// words: id then arguments), with the cursor at reserved (or the records'
// length when reserved is 0).
func buffer(n int, reserved uint32, records ...[]uint32) []byte {
	words := make([]uint32, n)
	at := 1
	for _, r := range records {
		at += copy(words[at:], r)
	}
	words[0] = uint32(at - 1)
	if reserved != 0 {
		words[0] = reserved
	}
	var b []byte
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

func TestDecode(t *testing.T) {
	r := &spirv.Reflection{Printfs: []spirv.PrintfInfo{
		{ID: 0, Format: "id %d: %s %5.2f|%%|%c\n", ArgSizes: []uint32{4, 4, 4, 4}},
		{ID: 1, Format: "world"},
		{ID: 2, Format: "v=%v4hhd s=%v2hx l=%v2ld f=%v3hlf h=%v2hf\n", ArgSizes: []uint32{4, 4, 16, 12, 4}},
		{ID: 3, Format: "plain\n"},
	}}
	f := math.Float32bits
	rec0 := []uint32{0, 7, 1, f(3.14159), 'x'}
	rec2 := []uint32{2, 0x04fe0201, 0xbeef0010, 5, 0, 0xffffffff, 0xffffffff, f(1), f(-2.5), f(0.125), 0xc0003c00}
	buf := buffer(64, 0, rec0, rec2, []uint32{3})
	got, lost, err := Decode(buf, r)
	want := "id 7: world  3.14|%|x\nv=1,2,-2,4 s=10,beef l=5,-1 f=1.000000,-2.500000,0.125000 h=1.000000,-2.000000\nplain\n"
	if err != nil || lost != 0 || string(got) != want {
		t.Errorf("Decode = %q, %d, %v; want %q", got, lost, err, want)
	}

	// Overflow: the third record did not fit; it left the marker, and a
	// fourth call's words are counted past the end.
	buf = buffer(16, 15+2, rec0, []uint32{3}, []uint32{overflowID})
	got, lost, err = Decode(buf, r)
	if string(got) != "id 7: world  3.14|%|x\nplain\n" || lost != 4*(17-6) || err != nil {
		t.Errorf("overflow: Decode = %q, %d, %v", got, lost, err)
	}
	var out bytes.Buffer
	old := SetOutput(&out)
	defer SetOutput(old)
	err = Print(buf, r)
	var oe *OverflowError
	if !errors.As(err, &oe) || out.String() != "id 7: world  3.14|%|x\nplain\n" {
		t.Errorf("Print: %q, %v", out.String(), err)
	}
	// An unwritten reservation at the end (a record whose words run past
	// the data) is not printed.
	buf = buffer(8, 40, []uint32{3}, []uint32{3}, []uint32{0, 1, 2, 3})
	got, _, _ = Decode(buf, r)
	if string(got) != "plain\nplain\n" {
		t.Errorf("truncated: %q", got)
	}
	Reset(buf)
	if got, lost, _ := Decode(buf, r); len(got) != 0 || lost != 0 {
		t.Errorf("after Reset: %q, %d", got, lost)
	}
}
