package host_test

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// compileRun compiles src and runs kernel k over global work-items in groups
// of local, on the given buffers and trailing POD int n.
func compileRun(t *testing.T, src, k string, global, local uint64, n int32, bufs ...[]byte) error {
	t.Helper()
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	dev := host.NewDevice()
	p, err := dev.BuildProgram(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	kern, err := p.Kernel(k)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	var args []driver.Arg
	var hbs []driver.Buffer
	for _, b := range bufs {
		hb, _ := dev.NewBuffer(uint64(len(b)))
		copy(hb.(interface{ HostBytes() []byte }).HostBytes(), b)
		hbs = append(hbs, hb)
		args = append(args, driver.Arg{Kind: driver.ArgBuffer, Buffer: hb})
	}
	args = append(args, driver.Arg{Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, uint32(n))})
	ev, err := q.Dispatch(context.Background(), kern, args, driver.Uniform(1, [3]uint64{}, [3]uint64{global, 1, 1}, [3]uint64{local, 1, 1}), nil)
	if err != nil {
		t.Fatal(err)
	}
	err = ev.Wait(context.Background())
	for i, hb := range hbs {
		copy(bufs[i], hb.(interface{ HostBytes() []byte }).HostBytes())
	}
	return err
}

// A guarded load of a read-only buffer is hoisted into the work-group
// prologue, where lanes past the guard read out of bounds: the group must
// then run as written, without an error.
func TestHoistedGuardedLoad(t *testing.T) {
	const src = `kernel void copy(global const int *a, global int *out, int n) {
  int i = get_global_id(0);
  if (i < n) out[i] = a[i] * 3 + n;
}`
	const n = 100
	a, out := make([]byte, 4*n), make([]byte, 4*128)
	for i := range n {
		binary.LittleEndian.PutUint32(a[4*i:], uint32(i))
	}
	if err := compileRun(t, src, "copy", 128, 64, n, a, out); err != nil {
		t.Fatal(err)
	}
	for i := range 128 {
		want := uint32(0)
		if i < n {
			want = uint32(3*i + n)
		}
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}
	// Without the guard the same access is an error.
	const bad = `kernel void copy(global const int *a, global int *out, int n) {
  int i = get_global_id(0);
  out[i] = a[i] * 3 + n;
}`
	err := compileRun(t, bad, "copy", 128, 64, n, a, out)
	if !errors.Is(err, driver.ErrOutOfBounds) {
		t.Fatalf("got %v, want an out-of-bounds error", err)
	}
}
