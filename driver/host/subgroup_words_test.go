package host_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// runWordsKernel dispatches entry of spv on tier over n items in
// work-groups of local, its arguments the buffers bufs in order, and
// returns the last buffer's bytes after the run; on tier "lanes" or
// "native" it fails unless the kernel ran there (the sub-group tier
// tests' shared driver).
func runWordsKernel(t *testing.T, spv []byte, entry, tier string, n, local int, bufs [][]byte) []byte {
	t.Helper()
	setTier(t, tier)
	dev := host.NewDevice()
	p, err := dev.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel(entry)
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
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{uint64(n), 1, 1}, [3]uint64{uint64(local), 1, 1})
	ev, err := q.Dispatch(context.Background(), k, args, nd, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	switch tier {
	case "lanes":
		if on, _ := host.TierOf(k); on {
			t.Fatalf("native code on the lane tier")
		}
	case "native":
		if host.NativeOK() && !host.NativeOf(k) {
			t.Fatalf("not native code: %v", host.NativeError(spv, entry, map[uint32]uint64{0: uint64(local), 1: 1, 2: 1}))
		}
	}
	return bytes.Clone(hbs[len(hbs)-1].(interface{ HostBytes() []byte }).HostBytes())
}

// compareWords reports the 32-bit words of got that differ from want,
// the Go executor's, as item and output for nout words an item (the
// first eight, then the count).
func compareWords(t *testing.T, got, want []byte, nout int) {
	t.Helper()
	bad := 0
	for i := 0; i < len(want); i += 4 {
		g, w := binary.LittleEndian.Uint32(got[i:]), binary.LittleEndian.Uint32(want[i:])
		if g != w {
			if bad++; bad <= 8 {
				t.Errorf("item %d, output %d: %#x, Go executor %#x", i/4/nout, i/4%nout, g, w)
			}
		}
	}
	if bad > 8 {
		t.Errorf("%d words differ", bad)
	}
}
