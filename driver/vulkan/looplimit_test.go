package vulkan

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/printf"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestLoopLimitProbe: the probe finds lavapipe's limiter (65535 passes)
// and nothing on other devices; it is cached per physical device.
func TestLoopLimitProbe(t *testing.T) {
	d := testDevice(t)
	code, err := loopProbeModule()
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.Validate(t, bytesToWords(code), "vulkan1.1")
	lim := d.LoopIterationLimit()
	t.Logf("%s: loop iteration limit %d", d.info.Name, lim)
	if isLavapipe(d) && lim != 65535 {
		t.Errorf("lavapipe: probe found limit %d, want 65535", lim)
	}
	other := &Device{phys: d.phys, info: d.info}
	if got := other.LoopIterationLimit(); got != lim {
		t.Errorf("second Device of the same physical device: limit %d, want %d", got, lim)
	}
	if other.logical != nil {
		t.Errorf("the cached probe opened the second Device")
	}
}

func isLavapipe(d *Device) bool { return d.phys.props.vendorID == 0x10005 }

func bytesToWords(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return w
}

// TestLoopLimitReported: on a device with a loop limiter, a dispatch whose
// loops need more passes than the limit fails with printf.ErrLoopLimit,
// and one that stays below it succeeds with the right counts (single
// loops of 65536, 1e6 and 1e7 passes, loops in sequence, nested loops,
// break and continue, work-items of one batch looping in different
// loops, early returns). On other devices every case succeeds with the
// full counts.
func TestLoopLimitReported(t *testing.T) {
	d := testDevice(t)
	opts := compiler.DefaultOptions()
	opts.Features.LoopIterationLimit = d.LoopIterationLimit()
	res, err := compiler.Compile(`
kernel void single(global uint *a, uint n) {
  uint c = 0, x = 1;
  for (uint i = 0; i < n; i++) { x = x * 1664525u + 1013904223u; c++; }
  a[0] = c; a[1] = x;
}
kernel void seq(global uint *a, uint n) {
  uint c = 0, e = 0;
  for (uint i = 0; i < n; i++) c++;
  for (uint i = 0; i < n; i++) e++;
  a[0] = c; a[1] = e;
}
kernel void nested(global uint *a, uint n) {
  uint c = 0;
  for (uint i = 0; i < n; i++) for (uint j = 0; j < n; j++) c++;
  a[0] = c;
}
kernel void brk(global uint *a, uint n) {
  uint c = 0, i = 0;
  while (1) { i++; if (i % 3 == 0) continue; if (i >= n) break; c++; }
  a[0] = c;
}
kernel void early(global uint *a, uint n) {
  uint c = 0;
  for (uint i = 0; i < n; i++) { c++; if (i == 70000 - 1) { a[0] = c; return; } }
  a[0] = c + 1000000;
}
kernel void retloop(global uint *a, uint n) {
  uint c = 0;
  for (uint i = 0; i < n; i++) c++;
  #pragma nounroll
  for (uint j = 0; j < 10; j++) { if (a[2 + (j & 1)] == 0) { a[0] = c; return; } }
  a[0] = 5;
}
kernel void lanes(global uint *a, uint n) {
  uint id = get_global_id(0), c = 0;
  if (id == 0) return;
  // Work-item k loops n*k/8 times in loop k % 2: the batch's shared
  // counter is spent in both loops.
  if (id % 2 == 0) for (uint i = 0; i < n * id / 8; i++) c++;
  else for (uint i = 0; i < n * id / 8; i++) c += 1;
  a[id] = c;
}`, opts)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
	limit := uint64(opts.Features.LoopIterationLimit)
	for _, c := range []struct {
		kernel string
		n      uint32
		items  uint64
		passes uint64   // back edges the kernel takes in one batch
		want   []uint32 // the first words of the buffer
	}{
		{"single", 1000, 1, 1000, []uint32{1000}},
		{"single", 65000, 1, 65000, []uint32{65000}},
		{"single", 65536, 1, 65536, []uint32{65536}},
		{"single", 1000000, 1, 1000000, []uint32{1000000}},
		{"single", 10000000, 1, 10000000, []uint32{10000000}},
		{"seq", 30000, 1, 60000, []uint32{30000, 30000}},
		{"seq", 40000, 1, 80000, []uint32{40000, 40000}},
		{"nested", 200, 1, 200 * 201, []uint32{40000}},
		{"nested", 300, 1, 300 * 301, []uint32{90000}},
		{"brk", 60000, 1, 60000, []uint32{40000}},
		{"brk", 70000, 1, 70000, []uint32{46666}},
		{"lanes", 8000, 8, 8000*7/8 + 8000*6/8, []uint32{0, 1000, 2000, 3000, 4000, 5000, 6000, 7000}},
		{"early", 60000, 1, 60000, []uint32{1060000}},
		{"early", 80000, 1, 70000, []uint32{70000}},
		// A return from inside a loop after the counter ran out.
		{"retloop", 1000, 1, 1001, []uint32{1000}},
		{"retloop", 100000, 1, 100000, []uint32{100000}},
		// No work-item loops 65535 times, the batch does.
		{"lanes", 64000, 8, 64000*7/8 + 64000*6/8, []uint32{0, 8000, 16000, 24000, 32000, 40000, 48000, 56000}},
		{"lanes", 80000, 8, 80000*7/8 + 80000*6/8, []uint32{0, 10000, 20000, 30000, 40000, 50000, 60000, 70000}},
	} {
		got, err := runLoops(t, d, res.SPIRV, c.kernel, c.n, c.items)
		cut := limit != 0 && c.passes >= limit-2
		switch {
		case cut && !errors.Is(err, printf.ErrLoopLimit):
			t.Errorf("%s(%d): event error %v, want ErrLoopLimit (%d passes, limit %d); got %v", c.kernel, c.n, err, c.passes, limit, got[:len(c.want)])
		case !cut && err != nil:
			t.Errorf("%s(%d): %v", c.kernel, c.n, err)
		case !cut:
			for i, w := range c.want {
				if got[i] != w {
					t.Errorf("%s(%d): word %d = %d, want %d", c.kernel, c.n, i, got[i], w)
				}
			}
		}
		if err != nil {
			t.Logf("%s(%d): %v", c.kernel, c.n, err)
		}
	}
}

// runLoops runs kernel(a, n) over items work-items in one work-group and
// returns a's words and the dispatch's error.
func runLoops(t *testing.T, d *Device, spv []byte, name string, n uint32, items uint64) ([]uint32, error) {
	t.Helper()
	p, err := d.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	q := mustQueue(t, d, false)
	defer q.Release()
	buf := mustBuffer(t, d, 64)
	defer buf.Release()
	wev, err := q.WriteBuffer(buf, 0, make([]byte, 64), nil)
	wait(t, wev, err)
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{items, 1, 1}, [3]uint64{items, 1, 1})
	ev, err := q.Dispatch(t.Context(), k, []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf, Size: 64}, {Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, n)}}, nd, nil)
	if err != nil {
		t.Fatal(err)
	}
	derr := ev.Wait(t.Context())
	q2 := mustQueue(t, d, false) // the failed dispatch may have failed q
	defer q2.Release()
	out := make([]byte, 64)
	rev, err := q2.ReadBuffer(buf, 0, out, nil)
	wait(t, rev, err)
	return bytesToWords(out), derr
}

// TestLoopLimitWarning: building a program with loops but without the
// check on a device with a limiter warns, once; one with the check does
// not.
func TestLoopLimitWarning(t *testing.T) {
	d := testDevice(t)
	lim := d.LoopIterationLimit()
	if lim == 0 {
		t.Skip("no loop limiter on this device")
	}
	var out strings.Builder
	old := warnings
	warnings = &out
	defer func() { warnings = old }()
	probesMu.Lock()
	probes[d.phys.probeKey()].warned.Store(false)
	probesMu.Unlock()
	src := "kernel void k(global uint *a, uint n) { for (uint i = 0; i < n; i++) a[i] = i; }"
	opts := compiler.DefaultOptions()
	opts.Features.LoopIterationLimit = lim
	checked, err := compiler.Compile(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, spv := range [][]byte{checked.SPIRV, compile(t, src), compile(t, src)} {
		p, err := d.BuildProgram(spv)
		if err != nil {
			t.Fatal(err)
		}
		p.Release()
	}
	if n := strings.Count(out.String(), "warning: a program without clgo's loop-limit check"); n != 1 {
		t.Errorf("%d warnings, want 1:\n%s", n, out.String())
	}
}
