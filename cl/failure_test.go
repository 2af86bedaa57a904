package cl

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// oobSource writes out of the bounds of its buffer when n is large (the
// kern.c reproducer of ../shared/reliability): the host driver checks every
// access, so the command fails after its enqueue returned.
const oobSource = `kernel void oob_w(global int *a, int n) { a[get_global_id(0) + n] = 0x41414141; }
kernel void fill(global int *a, int v) { a[get_global_id(0)] = v; }`

// TestExecutionFailure checks that a command failing while it runs is
// reported everywhere: its event, Wait, WaitForEvents, the commands after
// it in the in-order queue (not run, and failed with
// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, so that a read does not
// return what the failed kernel left as success), and Finish, after which
// the queue runs commands again.
func TestExecutionFailure(t *testing.T) {
	ctx := context.Background()
	c, q, k := hostKernel(t, oobSource, "", "oob_w")
	guard := bytes.Repeat([]byte{0x5a}, 64)
	b, err := c.CreateBuffer(MemCopyHostPtr, 64, guard)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := k.SetArgs(b, int32(100)); err != nil {
		t.Fatal(err)
	}
	kev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{16}, []uint64{16})
	if err != nil {
		t.Fatalf("enqueue: %v", err)
	}
	got := make([]byte, 64)
	rev, err := q.EnqueueReadBuffer(b, 0, got)
	if err != nil {
		t.Fatalf("enqueue read: %v", err)
	}

	err = kev.Wait(ctx)
	if !errors.Is(err, ErrOutOfResources) || !strings.Contains(err.Error(), "oob_w") || !strings.Contains(err.Error(), "out-of-bounds") {
		t.Errorf("kernel Wait: %v, want CL_OUT_OF_RESOURCES naming oob_w and the out-of-bounds access", err)
	}
	if s := kev.Status(); s != ExecStatus(ErrOutOfResources) {
		t.Errorf("kernel status %d, want %d", s, ErrOutOfResources)
	}
	if err := rev.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("read after the failed kernel: %v, want CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST", err)
	}
	if s := rev.Status(); s != ExecStatus(ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("read status %d", s)
	}
	if err := WaitForEvents(ctx, kev, rev); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("WaitForEvents: %v", err)
	}
	// A long chain of failed commands keeps the root cause without
	// nesting it once per command.
	var last *Event
	for range 100 {
		if last, err = q.EnqueueReadBuffer(b, 0, got); err != nil {
			t.Fatal(err)
		}
	}
	if err := last.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) || len(err.Error()) > 2*len(rev.Wait(ctx).Error()) {
		t.Errorf("100th command after the failure: %v", err)
	}
	err = q.Finish(ctx)
	if !errors.Is(err, ErrOutOfResources) || !strings.Contains(err.Error(), "oob_w") {
		t.Errorf("Finish: %v, want the kernel's failure", err)
	}
	if err := q.Finish(ctx); err != nil {
		t.Errorf("second Finish: %v, want nil (the failure was reported)", err)
	}

	// After Finish the queue works again.
	want := []byte{1, 2, 3, 4}
	wev, err := q.EnqueueWriteBuffer(b, 0, want)
	if err != nil {
		t.Fatal(err)
	}
	rev, err = q.EnqueueReadBuffer(b, 0, got)
	if err != nil {
		t.Fatal(err)
	}
	if err := WaitForEvents(ctx, wev, rev); err != nil {
		t.Fatalf("write and read after Finish: %v", err)
	}
	if !bytes.Equal(got[:4], want) || !bytes.Equal(got[4:], guard[4:]) {
		t.Errorf("read %x", got)
	}
}

// TestExecutionFailureWaitList checks the wait-list side: on an
// out-of-order queue only the commands that wait on the failed one fail,
// and a command of another queue waiting on it fails too.
func TestExecutionFailureWaitList(t *testing.T) {
	ctx := context.Background()
	c, _, k := hostKernel(t, oobSource, "", "oob_w")
	dev := c.Devices()[0]
	oq, err := c.CreateQueue(dev, QueueOutOfOrderExecModeEnable)
	if err != nil {
		t.Fatal(err)
	}
	defer oq.Release()
	other, err := c.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	b, err := c.CreateBuffer(0, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	k.SetArgs(b, int32(1000))
	kev, err := oq.EnqueueNDRangeKernel(k, nil, []uint64{16}, []uint64{16})
	if err != nil {
		t.Fatal(err)
	}
	dep, _ := oq.EnqueueWriteBuffer(b, 0, []byte{1, 2, 3, 4}, kev)
	indep, _ := oq.EnqueueWriteBuffer(b, 4, []byte{5, 6, 7, 8})
	cross, _ := other.EnqueueReadBuffer(b, 0, make([]byte, 4), kev)
	if err := dep.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("dependent write: %v", err)
	}
	if err := indep.Wait(ctx); err != nil {
		t.Errorf("independent write on the out-of-order queue: %v", err)
	}
	if err := cross.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("dependent read of another queue: %v", err)
	}
	if err := oq.Finish(ctx); !errors.Is(err, ErrOutOfResources) {
		t.Errorf("Finish of the out-of-order queue: %v", err)
	}
	// The other queue's own commands did not fail in their execution.
	if err := other.Finish(ctx); err != nil {
		t.Errorf("Finish of the other queue: %v", err)
	}
	ev, err := other.EnqueueReadBuffer(b, 4, make([]byte, 4))
	if err != nil || ev.Wait(ctx) != nil {
		t.Errorf("read after Finish: %v", err)
	}
}

// TestUserEventFailureDoesNotPoison: a command failed by a user event set
// to an error fails with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, but
// it is not an execution failure: Finish succeeds and the in-order queue
// goes on (the CTS user-event tests expect this).
func TestUserEventFailureDoesNotPoison(t *testing.T) {
	ctx := context.Background()
	c, q, k := hostKernel(t, oobSource, "", "fill")
	b, _ := c.CreateBuffer(0, 64, nil)
	defer b.Release()
	ue, _ := c.CreateUserEvent()
	k.SetArgs(b, int32(7))
	kev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{16}, nil, ue)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 64)
	rev, _ := q.EnqueueReadBuffer(b, 0, got)
	ue.SetStatus(-1)
	if err := kev.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("kernel after the failed user event: %v", err)
	}
	if err := rev.Wait(ctx); err != nil {
		t.Errorf("read: %v", err)
	}
	if err := q.Finish(ctx); err != nil {
		t.Errorf("Finish: %v", err)
	}
	if v := binary.LittleEndian.Uint32(got); v != 0 {
		t.Errorf("the kernel ran: %d", v)
	}
}

// TestPrivateOutOfBounds is privoob.c of the reliability audit: a private
// array indexed past its end. The message gives the offset within the
// work-item's own array, and an index that lands in the next work-item's
// copy (the host driver keeps every lane's copy in one region) fails too
// instead of changing that work-item's result.
func TestPrivateOutOfBounds(t *testing.T) {
	ctx := context.Background()
	c, q, k := hostKernel(t, `kernel void k(global int *o, int n) {
	int p[4] = {1, 2, 3, 4};
	if (get_global_id(0) == 0) p[n] = 9;
	o[get_global_id(0)] = p[0] + p[1] + p[2] + p[3];
}`, "", "k")
	b, err := c.CreateBuffer(0, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	for _, tc := range []struct {
		n      int32
		offset string
	}{{4, "offset 16 "}, {5, "offset 20 "}, {60, "offset 240 "}, {-1, "offset -4 "}, {-5, "offset -20 "}, {3, ""}} {
		k.SetArgs(b, tc.n)
		ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{16}, []uint64{16})
		if err != nil {
			t.Fatal(err)
		}
		err = ev.Wait(ctx)
		q.Finish(ctx)
		if tc.offset == "" {
			if err != nil {
				t.Errorf("n=%d: %v", tc.n, err)
			}
			continue
		}
		if !errors.Is(err, ErrOutOfResources) || !strings.Contains(err.Error(), tc.offset+"of Function variable p (16 bytes)") {
			t.Errorf("n=%d: %v, want an out-of-bounds access at %sof p", tc.n, err, tc.offset)
		}
	}
}

// TestFinishAfterNonUniform: a non-uniform NDRange is several driver
// commands; Finish after it (the queue's last command) must not trip on it.
func TestFinishAfterNonUniform(t *testing.T) {
	ctx := context.Background()
	c, q, k := hostKernel(t, oobSource, "-cl-std=CL3.0", "fill")
	b, _ := c.CreateBuffer(0, 128, nil)
	defer b.Release()
	k.SetArgs(b, int32(3))
	ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{17}, []uint64{16})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(ctx); err != nil {
		t.Fatalf("Finish: %v", err)
	}
	if err := ev.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	// A failed non-uniform NDRange fails the command after it.
	oob, err := k.Program().CreateKernel("oob_w")
	if err != nil {
		t.Fatal(err)
	}
	oob.SetArgs(b, int32(1000))
	if _, err := q.EnqueueNDRangeKernel(oob, nil, []uint64{17}, []uint64{16}); err != nil {
		t.Fatal(err)
	}
	r, _ := q.EnqueueReadBuffer(b, 0, make([]byte, 4))
	if err := r.Wait(ctx); !errors.Is(err, ErrExecStatusErrorForEventsInWaitList) {
		t.Errorf("read after a failed non-uniform NDRange: %v", err)
	}
	if err := q.Finish(ctx); !errors.Is(err, ErrOutOfResources) {
		t.Errorf("Finish: %v", err)
	}
}
