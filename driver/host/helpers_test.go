package host

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// tool finds an external tool; a missing one skips the test, or fails it
// under CI.
func tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found: %v", name, err)
		}
		t.Skipf("%s not found", name)
	}
	return p
}

func decodeFile(t testing.TB, path string) *Module {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// glsl compiles testdata/name with glslangValidator.
func glsl(t testing.TB, name string) *Module {
	t.Helper()
	g := tool(t, "glslangValidator")
	out := filepath.Join(t.TempDir(), name+".spv")
	cmd := exec.Command(g, "-V", "--target-env", "vulkan1.1", "-o", out, filepath.Join("testdata", name))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("glslangValidator: %v\n%s", err, b)
	}
	return decodeFile(t, out)
}

// asm assembles SPIR-V assembly with spirv-as.
func asm(t testing.TB, src string) *Module {
	t.Helper()
	as := tool(t, "spirv-as")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.spvasm"), filepath.Join(dir, "m.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(as, "--target-env", "vulkan1.1", "-o", out, in)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, b)
	}
	if val, err := exec.LookPath("spirv-val"); err == nil {
		cmd := exec.Command(val, "--target-env", "vulkan1.1", out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Logf("spirv-val: %v\n%s", err, b)
		}
	}
	return decodeFile(t, out)
}

func prepare(t testing.TB, m *Module, entry string, spec map[uint32]uint64) *Kernel {
	t.Helper()
	k, err := m.Prepare(entry, spec)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func run(t testing.TB, k *Kernel, groups [3]int, push []byte, bufs ...[]byte) {
	t.Helper()
	if err := k.Run(context.Background(), dispatch(groups, push, bufs...)); err != nil {
		t.Fatal(err)
	}
}

func dispatch(groups [3]int, push []byte, bufs ...[]byte) *Dispatch {
	d := &Dispatch{Groups: groups, PushConstants: push}
	for i, b := range bufs {
		d.Resources = append(d.Resources, Resource{Set: 0, Binding: i, Data: b})
	}
	return d
}

func f32s(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func getF32(b []byte, i int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
}

func u32s(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func getU32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }
