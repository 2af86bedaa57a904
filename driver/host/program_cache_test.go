package host

import (
	"context"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestProgramPreparesOnce: two kernel objects of one program, dispatched
// with the same work-group size, share one prepared kernel; another size
// prepares another.
func TestProgramPreparesOnce(t *testing.T) {
	dev := NewDevice()
	code := reduceCode(t)
	p, err := dev.BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	in, _ := dev.NewBuffer(4 * 256)
	out, _ := dev.NewBuffer(4 * 8)
	launch := func(local uint64) []*Kernel {
		t.Helper()
		k, err := p.Kernel("main")
		if err != nil {
			t.Fatal(err)
		}
		args := []driver.Arg{
			{Kind: driver.ArgBuffer, Buffer: in, Size: 4 * 256},
			{Kind: driver.ArgBuffer, Buffer: out, Size: 4 * 8},
			{Kind: driver.ArgLocal, LocalSize: 4 * local},
		}
		nd := driver.Uniform(1, [3]uint64{}, [3]uint64{256, 1, 1}, [3]uint64{local, 1, 1})
		if _, err := q.Dispatch(context.Background(), k, args, nd, nil); err != nil {
			t.Fatal(err)
		}
		if err := q.Finish(context.Background()); err != nil {
			t.Fatal(err)
		}
		return k.(*kernel).preparedKernels()
	}
	a, b := launch(64), launch(64)
	if len(a) != 1 || len(b) != 1 || a[0] != b[0] {
		t.Errorf("two kernel objects of one size: %d then %d prepared kernels, want one shared", len(a), len(b))
	}
	if c := launch(32); len(c) != 2 {
		t.Errorf("a work-group size of 32: %d prepared kernels, want 2 (it must not reuse the one for 64)", len(c))
	}
}
