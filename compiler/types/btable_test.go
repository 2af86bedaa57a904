package types

import (
	"testing"

	"github.com/clgo/clgo/compiler/builtins"
)

// TestBuiltinTableParses checks that the checker understands every type
// spelling of the builtin table.
func TestBuiltinTableParses(t *testing.T) {
	c := newChecker(&Config{Std: 300}, nil)
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
