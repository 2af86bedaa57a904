package host

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/spirv"
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

// toolSPIRV runs the SPIR-V tool name (glslangValidator, spirv-as) with
// args on the file in and returns the module it writes.
func toolSPIRV(t testing.TB, name, in string, args ...string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), filepath.Base(in)+".spv")
	cmd := exec.Command(tool(t, name), append(args, "-o", out, in)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// glslSPIRV compiles testdata/name with glslangValidator.
func glslSPIRV(t testing.TB, name string) []byte {
	t.Helper()
	return toolSPIRV(t, "glslangValidator", filepath.Join("testdata", name), "-V", "--target-env", "vulkan1.1")
}

// asmSPIRV assembles testdata/name with spirv-as.
func asmSPIRV(t testing.TB, name string) []byte {
	t.Helper()
	return toolSPIRV(t, "spirv-as", filepath.Join("testdata", name), "--target-env", "vulkan1.1")
}

// withReflection adds the clspv-style kernel interface r to the module
// code (as NonSemantic.ClspvReflection), so that it loads as a driver
// program.
func withReflection(t testing.TB, code []byte, r *spirv.Reflection) []byte {
	t.Helper()
	m, err := spirv.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	if err := spirv.EmitReflection(m, r); err != nil {
		t.Fatal(err)
	}
	return m.Encode()
}

func decode(t testing.TB, code []byte) *Module {
	t.Helper()
	m, err := Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// glsl compiles testdata/name with glslangValidator.
func glsl(t testing.TB, name string) *Module {
	t.Helper()
	return decode(t, glslSPIRV(t, name))
}

// asm assembles SPIR-V assembly with spirv-as.
func asm(t testing.TB, src string) *Module {
	t.Helper()
	in := filepath.Join(t.TempDir(), "m.spvasm")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code := toolSPIRV(t, "spirv-as", in, "--target-env", "vulkan1.1")
	if val, err := exec.LookPath("spirv-val"); err == nil {
		cmd := exec.Command(val, "--target-env", "vulkan1.1", in+".spv")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Logf("spirv-val: %v\n%s", err, b)
		}
	}
	return decode(t, code)
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
