package fromspirv_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/internal/kspec"
)

// TestAssembly translates each testdata/*.spvasm (hand-written modules
// whose comments carry a `//!` run spec and `expect ARG: VALUES` lines
// with the results worked out from the SPIR-V and OpenCL specifications),
// builds the OpenCL C, runs it on the host device and compares the
// buffers with the expectations.
func TestAssembly(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.spvasm"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.spvasm")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".spvasm"), func(t *testing.T) {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var specText []string
			expect := map[int]string{}
			spec := map[uint32][]byte{}
			for _, line := range strings.Split(string(text), "\n") {
				c, ok := strings.CutPrefix(strings.TrimSpace(line), ";")
				if !ok {
					continue
				}
				c = strings.TrimSpace(c)
				specText = append(specText, c)
				if rest, ok := strings.CutPrefix(c, "expect "); ok {
					n, vals, _ := strings.Cut(rest, ":")
					expect[atoi(t, n)] = strings.Join(strings.Fields(vals), " ")
				}
				if rest, ok := strings.CutPrefix(c, "specialize "); ok {
					// specialize ID: little-endian bytes as hex, e.g. 07000000
					id, hex, _ := strings.Cut(rest, ":")
					spec[uint32(atoi(t, id))] = unhex(t, strings.TrimSpace(hex))
				}
			}
			s, err := kspec.Parse(f, strings.Join(specText, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			res := translate(t, assemble(t, f), fromspirv.Options{Spec: spec})
			out := runSpec(t, res.Source, strings.Join(res.Options, " "), s)
			if len(expect) == 0 {
				t.Fatal("no expect lines")
			}
			for i, want := range expect {
				a := &s.Args[i]
				got := kspec.Format(a.Type, out[i], int(a.N))
				if got != want {
					t.Errorf("argument %d:\n got %s\nwant %s\nsource:\n%s", i, got, want, res.Source)
				}
			}
		})
	}
}

func atoi(t testing.TB, s string) int {
	n := 0
	for _, c := range strings.TrimSpace(s) {
		if c < '0' || c > '9' {
			t.Fatalf("bad number %q", s)
		}
		n = 10*n + int(c-'0')
	}
	return n
}

func unhex(t testing.TB, s string) []byte {
	if len(s)%2 != 0 {
		t.Fatalf("bad hex %q", s)
	}
	b := make([]byte, len(s)/2)
	for i := range b {
		b[i] = byte(hexDigit(t, s[2*i])<<4 | hexDigit(t, s[2*i+1]))
	}
	return b
}

func hexDigit(t testing.TB, c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	t.Fatalf("bad hex digit %q", c)
	return 0
}
