package builtins

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestIndex checks the generated index against decls: each builtin's
// entry covers exactly its lines, in order, and the entries cover every
// line once (what the index built at run time before held).
func TestIndex(t *testing.T) {
	var want []builtinLines
	for off := 0; off < len(decls); {
		nl := strings.IndexByte(decls[off:], '\n')
		if nl < 0 {
			t.Fatalf("decls does not end in a newline")
		}
		name, _, _ := strings.Cut(decls[off:off+nl], " ")
		if n := len(want); n > 0 && want[n-1].name == name {
			want[n-1].end = int32(off + nl + 1)
		} else {
			want = append(want, builtinLines{name, int32(off), int32(off + nl + 1)})
		}
		off += nl + 1
	}
	if len(want) != len(index) {
		t.Fatalf("index has %d builtins, decls %d", len(index), len(want))
	}
	for i, w := range want {
		if index[i] != w {
			t.Errorf("index[%d] = %+v, decls give %+v", i, index[i], w)
		}
		if i > 0 && want[i-1].name >= w.name {
			t.Errorf("decls not sorted: %s before %s", want[i-1].name, w.name)
		}
	}
}

func TestLookup(t *testing.T) {
	n := 0
	for _, name := range Names() {
		ds := Lookup(name)
		if len(ds) == 0 {
			t.Errorf("%s: no overloads", name)
		}
		for _, d := range ds {
			if d.Name != name || d.Result == "" {
				t.Errorf("%s: overload %+v", name, d)
			}
		}
		n += len(ds)
	}
	if n != 6455 {
		t.Errorf("%d overloads, want 6455", n)
	}
	if ds := Lookup("no_such_builtin"); ds != nil {
		t.Errorf("no_such_builtin: %v", ds)
	}
	if ds := Lookup("abs"); len(ds) == 0 || ds[0].Name != "abs" {
		t.Errorf("abs: %v", ds)
	}
}

// TestParse checks parse against a plain reading of every builtin's
// lines with strings.Fields.
func TestParse(t *testing.T) {
	for _, b := range index {
		lines := decls[b.start:b.end]
		var want []Decl
		for line := range strings.Lines(lines) {
			f := strings.Fields(line)
			d := Decl{Name: f[0], Ext: str(f[1]), Variadic: f[3] == "1", Result: str(f[4])}
			d.MinStd, _ = strconv.Atoi(f[2])
			for _, p := range f[5:] {
				d.Params = append(d.Params, str(p))
			}
			want = append(want, d)
		}
		if got := parse(lines); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: parse gives %v, want %v", b.name, got, want)
		}
	}
}
