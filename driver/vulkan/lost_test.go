package vulkan

import (
	"errors"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// TestDeviceLostIsSticky: once a batch's fence wait failed (the device
// was lost), every later command fails with that error instead of being
// submitted, and its queue's Finish reports it; commands failed only by
// their wait list stay out of Finish. No device is needed.
func TestDeviceLostIsSticky(t *testing.T) {
	s := &submitter{}
	lost := &vkError{Call: "vkWaitForFences", Result: -4}
	s.lost = lost
	q := &queue{s: s}
	c := &command{kind: cmdMarker}
	ev, err := q.enqueue(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.flush()
	if err := ev.Err(); !errors.Is(err, driver.ErrDeviceLost) {
		t.Fatalf("command after a lost device: %v", err)
	}
	if err := q.Finish(nil); !errors.Is(err, driver.ErrDeviceLost) {
		t.Fatalf("Finish: %v", err)
	}
	// A wait-list failure is its dependent's, not the queue's own.
	w := &command{kind: cmdMarker, q: q, ev: s.newEvent(q)}
	w.finish(&waitListError{lost})
	if err := q.Finish(nil); err != nil {
		t.Fatalf("Finish after a wait-list failure: %v", err)
	}
}

// TestBatchErrorNamesKernel: the device does not say which command of a
// failed batch failed; a dispatch's error names its kernel.
func TestBatchErrorNamesKernel(t *testing.T) {
	lost := &vkError{Call: "vkWaitForFences", Result: -4}
	c := &command{kind: cmdDispatch, disp: &dispatchCmd{k: &kernel{refl: &spirv.Kernel{Name: "heavy"}}}}
	err := batchError(c, lost)
	if !errors.Is(err, driver.ErrDeviceLost) || !strings.Contains(err.Error(), "kernel heavy") {
		t.Fatalf("batch error of a dispatch: %v", err)
	}
	if err := batchError(&command{kind: cmdRead}, lost); err != lost {
		t.Fatalf("batch error of a read: %v", err)
	}
	if batchError(c, nil) != nil {
		t.Fatal("no error made one")
	}
}
