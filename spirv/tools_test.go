package spirv

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tool returns the path of a spirv-tools command. Under CI=true a missing
// tool fails the test; elsewhere it skips.
func tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required under CI: %v", name, err)
		}
		t.Skipf("%s not installed", name)
	}
	return p
}

// assemble runs spirv-as on a testdata file and returns the binary.
func assemble(t testing.TB, file string) []byte {
	t.Helper()
	as := tool(t, "spirv-as")
	out := filepath.Join(t.TempDir(), "out.spv")
	cmd := exec.Command(as, "--target-env", "vulkan1.1", "-o", out, file)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("spirv-as %s: %v\n%s", file, err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func testFiles(t testing.TB) []string {
	files, err := filepath.Glob("testdata/*.spvasm")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	return files
}

func TestRoundTripSpirvAs(t *testing.T) {
	for _, file := range testFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data := assemble(t, file)
			m, err := Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if got := m.Encode(); !bytes.Equal(got, data) {
				t.Fatalf("Encode(Decode(x)) differs from x (%d vs %d bytes)", len(got), len(data))
			}
		})
	}
}

// dis runs spirv-dis with extra flags on a binary.
func dis(t testing.TB, data []byte, flags ...string) string {
	t.Helper()
	d := tool(t, "spirv-dis")
	in := filepath.Join(t.TempDir(), "in.spv")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(d, append(flags, in)...).CombinedOutput()
	if err != nil {
		t.Fatalf("spirv-dis: %v\n%s", err, out)
	}
	return string(out)
}

func compareLines(t *testing.T, got, want string) {
	t.Helper()
	g := strings.Split(got, "\n")
	w := strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("line %d:\n got: %q\nwant: %q", i+1, gl, wl)
		}
	}
}

func TestDisassembleMatchesSpirvDis(t *testing.T) {
	for _, file := range testFiles(t) {
		data := assemble(t, file)
		m, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: Decode: %v", file, err)
		}
		for _, mode := range []struct {
			name  string
			opts  DisOptions
			flags []string
		}{
			{"raw", DisOptions{RawID: true}, []string{"--raw-id"}},
			{"friendly", DisOptions{}, nil},
			{"noindent", DisOptions{NoIndent: true}, []string{"--no-indent"}},
			{"noheader", DisOptions{NoHeader: true, RawID: true}, []string{"--no-header", "--raw-id"}},
		} {
			t.Run(filepath.Base(file)+"/"+mode.name, func(t *testing.T) {
				compareLines(t, Disassemble(m, mode.opts), dis(t, data, mode.flags...))
			})
		}
	}
}
