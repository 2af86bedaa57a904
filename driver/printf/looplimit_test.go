package printf

import (
	"errors"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// TestLoopLimitRecord: loop-limit reports among ordinary records leave the
// text alone and make Decode return ErrLoopLimit.
func TestLoopLimitRecord(t *testing.T) {
	r := &spirv.Reflection{Printfs: []spirv.PrintfInfo{{ID: 0, Format: "a\n"}}}
	got, lost, err := Decode(buffer(16, 0, []uint32{0}, []uint32{loopLimitID}, []uint32{0}, []uint32{loopLimitID}), r)
	if string(got) != "a\na\n" || lost != 0 || !errors.Is(err, ErrLoopLimit) {
		t.Errorf("Decode = %q, %d, %v; want %q, 0, ErrLoopLimit", got, lost, err, "a\na\n")
	}
	// Reports only, and more than fit: still ErrLoopLimit.
	got, _, err = Decode(buffer(4, 9, []uint32{loopLimitID}, []uint32{loopLimitID}), &spirv.Reflection{})
	if len(got) != 0 || !errors.Is(err, ErrLoopLimit) {
		t.Errorf("reports only: Decode = %q, %v; want no text, ErrLoopLimit", got, err)
	}
	if _, _, err := Decode(buffer(4, 0), &spirv.Reflection{}); err != nil {
		t.Errorf("no records: %v", err)
	}
}
