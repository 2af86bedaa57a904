package printf

import (
	"errors"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// TestOutOfBoundsRecord: out-of-bounds reports among ordinary records
// leave the text alone and make Decode return the first one as an
// *OutOfBoundsError matching ErrOutOfBounds.
func TestOutOfBoundsRecord(t *testing.T) {
	r := &spirv.Reflection{Printfs: []spirv.PrintfInfo{{ID: 0, Format: "a\n"}}}
	got, lost, err := Decode(buffer(16, 0, []uint32{0}, []uint32{outOfBoundsID, 2, 9, 4}, []uint32{0}, []uint32{outOfBoundsID, 1, 3, 8}), r)
	var oob *OutOfBoundsError
	if string(got) != "a\na\n" || lost != 0 || !errors.Is(err, ErrOutOfBounds) || !errors.As(err, &oob) || *oob != (OutOfBoundsError{Arg: 2, Index: 9, ElemSize: 4}) {
		t.Fatalf("Decode = %q, %d, %v; want %q, 0, argument 2 element 9", got, lost, err, "a\na\n")
	}
	if want := "out-of-bounds access to a buffer argument: argument 2, element 9 (byte offset 36) is past the end of the buffer"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	// More reserved than fit: the reports that fit still count; one cut
	// short by the end of the buffer is not decoded.
	if _, _, err := Decode(buffer(8, 9, []uint32{outOfBoundsID, 1, 2, 4}, []uint32{overflowID}), &spirv.Reflection{}); !errors.Is(err, ErrOutOfBounds) {
		t.Errorf("one report, more reserved: %v", err)
	}
	if _, _, err := Decode(buffer(4, 9, []uint32{outOfBoundsID, 1, 2, 4}), &spirv.Reflection{}); errors.Is(err, ErrOutOfBounds) {
		t.Errorf("a report cut short: %v", err)
	}
}
