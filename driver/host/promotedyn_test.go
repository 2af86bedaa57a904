package host_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/driver"
)

// TestPrivateArrayVariableIndex runs a private array indexed by a loop
// counter, a uniform argument and per-lane values, stored and loaded both
// ways (promotedyn.go), against the values computed here; an index past
// either end is an out-of-bounds error, as it is in per-lane memory.
func TestPrivateArrayVariableIndex(t *testing.T) {
	const src = `kernel void pick(global const int *a, global int *out, int n) {
  int i = get_global_id(0);
  int w[20];
  for (int k = 0; k < 20; k++)
    w[k] = a[i] + k;
  w[(i * 7) % 20] += 100;
  w[n] -= 1000;
  out[i] = w[n] * 2 + w[(i + n) % 20] + w[(i * 3) % 20];
}`
	const items = 128
	a := make([]byte, 4*items)
	for i := range items {
		binary.LittleEndian.PutUint32(a[4*i:], uint32(i*i-50))
	}
	for _, n := range []int32{0, 7, 19} {
		out := make([]byte, 4*items)
		if err := compileRun(t, src, "pick", items, 64, n, a, out); err != nil {
			t.Fatalf("n %d: %v", n, err)
		}
		for i := range items {
			var w [20]int32
			for k := range w {
				w[k] = int32(i*i-50) + int32(k)
			}
			w[(i*7)%20] += 100
			w[n] -= 1000
			want := w[n]*2 + w[(int32(i)+n)%20] + w[(i*3)%20]
			if got := int32(binary.LittleEndian.Uint32(out[4*i:])); got != want {
				t.Fatalf("n %d: out[%d] = %d, want %d", n, i, got, want)
			}
		}
	}
	for _, n := range []int32{20, -1} {
		out := make([]byte, 4*items)
		err := compileRun(t, src, "pick", items, 64, n, a, out)
		if !errors.Is(err, driver.ErrOutOfBounds) {
			t.Fatalf("n %d: got %v, want an out-of-bounds error", n, err)
		}
	}
}
