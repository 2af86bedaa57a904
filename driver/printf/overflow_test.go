package printf_test

import (
	"strings"
	"testing"
)

// More output than the 1 MiB buffer holds: the calls that do not fit
// return -1 and print nothing, the others print whole records.
func TestOverflow(t *testing.T) {
	k := kernelSpec{name: "flood", global: 65536, local: 64, src: `kernel void flood(global int *ret) {
		int g = get_global_id(0);
		ret[g] = printf("%d %d %d %d\n", g, g, g, g);
	}`}
	for _, dev := range devices(t) {
		out, ret := clgoOutput(t, dev, k)
		ok, failed := 0, 0
		for _, r := range ret[:k.global] {
			switch r {
			case 0:
				ok++
			case -1:
				failed++
			default:
				t.Fatalf("%s: printf returned %d", dev.Name(), r)
			}
		}
		// 5 words a record, 2^18 - 2 words of records.
		if fit := (1<<18 - 2) / 5; ok != fit || failed != int(k.global)-fit {
			t.Errorf("%s: %d calls succeeded and %d failed; want %d and %d", dev.Name(), ok, failed, fit, int(k.global)-fit)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != ok {
			t.Errorf("%s: %d lines for %d successful calls", dev.Name(), len(lines), ok)
		}
		for _, l := range lines {
			f := strings.Fields(l)
			if len(f) != 4 || f[0] != f[1] || f[0] != f[3] {
				t.Fatalf("%s: bad line %q", dev.Name(), l)
			}
		}
	}
}
