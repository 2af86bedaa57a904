package types

import (
	"testing"

	"github.com/clgo/clgo/compiler/builtins"
)

// TestBuiltinTableParses checks that the checker understands every type
// spelling of the builtin table (atomic_long, atomic_ulong and
// atomic_double need the 64-bit atomics).
func TestBuiltinTableParses(t *testing.T) {
	c := newChecker(&Config{Std: 300, Extensions: []string{"cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics"}}, nil)
	n := 0
	for _, name := range builtins.Names() {
		got, want := len(c.lookupOverloads(name)), len(builtins.Lookup(name))
		if got != want {
			t.Errorf("%s: %d of %d declarations parse", name, got, want)
		}
		n += want
	}
	if n < 5000 {
		t.Errorf("only %d builtin declarations", n)
	}
}
