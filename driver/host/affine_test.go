package host_test

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/kspec"
)

// Loads and stores with affine indices move whole rows after one bounds
// check; negative factors, partial masks and out-of-range lanes take the
// per-lane path. Each case is checked against the same work done in Go.
const affineSrc = `//! kernel affine
//! global 64,16
//! local 8,4
//! arg buffer<uint> 1024 iota
//! arg buffer<uint> 1024 zero
//! arg buffer<uint> 1024 zero
//! arg int 64
//! arg int OFF
kernel void affine(global const uint *in, global uint *out, global uint *rev, int w, int off) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * w + x;
  out[i] = in[i + off] * 3u + (uint)get_local_id(1);
  rev[1023 - i] = in[i] + 1u;
  if (x & 1)
    out[i] += 7u;
}
`

func affineRun(t *testing.T, off string) (*hostRun, error) {
	src := replaceOff(affineSrc, off)
	s, err := kspec.Parse("affine.cl", src)
	if err != nil {
		t.Fatal(err)
	}
	r := newHostRun(t, s, src)
	ev, err := r.q.Dispatch(context.Background(), r.k, r.args, r.nd, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, ev.Wait(context.Background())
}

func replaceOff(src, off string) string {
	const key = "arg int OFF"
	for i := 0; i+len(key) <= len(src); i++ {
		if src[i:i+len(key)] == key {
			return src[:i] + "arg int " + off + src[i+len(key):]
		}
	}
	return src
}

func TestAffineAccess(t *testing.T) {
	r, err := affineRun(t, "0")
	if err != nil {
		t.Fatal(err)
	}
	u32 := func(b driver.Buffer, i int) uint32 {
		return binary.LittleEndian.Uint32(b.(interface{ HostBytes() []byte }).HostBytes()[4*i:])
	}
	for y := range 16 {
		for x := range 64 {
			i := y*64 + x
			want := uint32(i)*3 + uint32(y%4)
			if x&1 != 0 {
				want += 7
			}
			if got := u32(r.bufs[1], i); got != want {
				t.Fatalf("out[%d] = %d, want %d", i, got, want)
			}
			if got := u32(r.bufs[2], 1023-i); got != uint32(i)+1 {
				t.Fatalf("rev[%d] = %d, want %d", 1023-i, got, i+1)
			}
		}
	}
	// The last lanes read past in: the access must fail, not read on.
	if _, err := affineRun(t, "1"); !errors.Is(err, driver.ErrOutOfBounds) {
		t.Fatalf("off 1: got %v, want an out-of-bounds error", err)
	}
	// A negative offset that wraps to huge offsets must fail too.
	if _, err := affineRun(t, "-2147483648"); !errors.Is(err, driver.ErrOutOfBounds) {
		t.Fatalf("off -2^31: got %v, want an out-of-bounds error", err)
	}
}

// A run of active lanes (a suffix of each group, as a split by local id
// leaves) loads and stores as a whole when every active lane's address is
// in bounds, and fails when one is not, however the inactive lanes'
// addresses fall.
const runSrc = `//! kernel runs
//! global 256
//! local 128
//! arg buffer<uint> 256 iota
//! arg buffer<uint> 256 zero
//! arg int OFF
kernel void runs(global const uint *in, global uint *out, int off) {
  int l = get_local_id(0), g = get_global_id(0);
  if (l >= 16)
    out[g - 16 + off] = in[g - 16 + off] * 2u;
}
`

func TestRunAccess(t *testing.T) {
	run := func(off string) (*hostRun, error) {
		s, err := kspec.Parse("runs.cl", replaceOff(runSrc, off))
		if err != nil {
			t.Fatal(err)
		}
		r := newHostRun(t, s, replaceOff(runSrc, off))
		ev, err := r.q.Dispatch(context.Background(), r.k, r.args, r.nd, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r, ev.Wait(context.Background())
	}
	r, err := run("0")
	if err != nil {
		t.Fatal(err)
	}
	out := r.bufs[1].(interface{ HostBytes() []byte }).HostBytes()
	for i := range 256 {
		want := uint32(0)
		if i%128 < 112 {
			want = uint32(i) * 2
		}
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}
	for _, off := range []string{"17", "-1"} {
		if _, err := run(off); !errors.Is(err, driver.ErrOutOfBounds) {
			t.Fatalf("off %s: got %v, want an out-of-bounds error", off, err)
		}
	}
}
