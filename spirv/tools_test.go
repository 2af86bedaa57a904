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

var (
	filepathGlob = filepath.Glob
	readFile     = os.ReadFile
)

// TestCommittedBinaries checks that the committed testdata/*.spv (the fuzz
// seeds) are spirv-as's output for their .spvasm, and decode and re-encode
// exactly even where spirv-as is missing.
func TestCommittedBinaries(t *testing.T) {
	for _, file := range testFiles(t) {
		bin := strings.TrimSuffix(file, ".spvasm") + ".spv"
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		m, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		if !bytes.Equal(m.Encode(), data) {
			t.Errorf("%s does not re-encode exactly", bin)
		}
		if _, err := exec.LookPath("spirv-as"); err == nil || os.Getenv("CI") == "true" {
			if !bytes.Equal(assemble(t, file), data) {
				t.Errorf("%s is stale: reassemble it from %s", bin, file)
			}
		}
	}
}

func TestBuilderConstantsMatchSpirvAs(t *testing.T) {
	b := NewBuilder(Version13)
	b.Capability(CapabilityShader)
	b.Capability(CapabilityInt8)
	b.Capability(CapabilityInt16)
	b.Capability(CapabilityInt64)
	b.Capability(CapabilityFloat16)
	b.Capability(CapabilityFloat64)
	b.MemoryModel(AddressingModelLogical, MemoryModelGLSL450)
	i8, u8 := b.TypeInt(8, 1), b.TypeInt(8, 0)
	i16, u16 := b.TypeInt(16, 1), b.TypeInt(16, 0)
	i32, u64, i64 := b.TypeInt(32, 1), b.TypeInt(64, 0), b.TypeInt(64, 1)
	f16, f32, f64 := b.TypeFloat(16), b.TypeFloat(32), b.TypeFloat(64)
	bl := b.TypeBool()
	v2 := b.TypeVector(f32, 2)
	b.ConstantInt(i8, -5)
	b.ConstantUint(u8, 200)
	b.ConstantInt(i16, -300)
	b.ConstantUint(u16, 65535)
	b.ConstantInt(i32, -1)
	b.ConstantUint(u64, 1<<63+5)
	b.ConstantInt(i64, -5000000000)
	b.ConstantFloat(f16, 1.5)
	x := b.ConstantFloat32(f32, 0.25)
	b.ConstantFloat64(f64, -1e300)
	b.ConstantTrue(bl)
	b.ConstantFalse(bl)
	b.ConstantComposite(v2, x, x)
	b.ConstantNull(v2)
	if again := b.ConstantFloat(f32, 0.25); again != x {
		t.Errorf("constants are not deduplicated: %d then %d", x, again)
	}
	if again := b.TypeInt(8, 1); again != i8 {
		t.Errorf("types are not deduplicated")
	}
	src := `OpCapability Shader
OpCapability Int8
OpCapability Int16
OpCapability Int64
OpCapability Float16
OpCapability Float64
OpMemoryModel Logical GLSL450
%i8 = OpTypeInt 8 1
%u8 = OpTypeInt 8 0
%i16 = OpTypeInt 16 1
%u16 = OpTypeInt 16 0
%i32 = OpTypeInt 32 1
%u64 = OpTypeInt 64 0
%i64 = OpTypeInt 64 1
%f16 = OpTypeFloat 16
%f32 = OpTypeFloat 32
%f64 = OpTypeFloat 64
%bool = OpTypeBool
%v2 = OpTypeVector %f32 2
%1 = OpConstant %i8 -5
%2 = OpConstant %u8 200
%3 = OpConstant %i16 -300
%4 = OpConstant %u16 65535
%5 = OpConstant %i32 -1
%6 = OpConstant %u64 9223372036854775813
%7 = OpConstant %i64 -5000000000
%8 = OpConstant %f16 1.5
%x = OpConstant %f32 0.25
%10 = OpConstant %f64 -1e300
%11 = OpConstantTrue %bool
%12 = OpConstantFalse %bool
%13 = OpConstantComposite %v2 %x %x
%14 = OpConstantNull %v2
`
	file := filepath.Join(t.TempDir(), "c.spvasm")
	os.WriteFile(file, []byte(src), 0o644)
	want := assemble(t, file)
	got := b.Module.Encode()
	// spirv-as writes its own generator word.
	copy(got[8:12], want[8:12])
	if !bytes.Equal(got, want) {
		wm, _ := Decode(want)
		compareLines(t, Disassemble(b.Module, DisOptions{RawID: true, NoHeader: true}), Disassemble(wm, DisOptions{RawID: true, NoHeader: true}))
	}
}

// TestForeignBinaries decodes modules made by another compiler (glslang,
// from testdata/glslang/reduce.comp, plain and with -g and -gV debug info),
// re-encodes them exactly and disassembles them as spirv-dis does.
func TestForeignBinaries(t *testing.T) {
	files, _ := filepath.Glob("testdata/glslang/*.spv")
	if len(files) == 0 {
		t.Fatal("no testdata/glslang binaries")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !bytes.Equal(m.Encode(), data) {
				t.Fatal("does not re-encode exactly")
			}
			compareLines(t, Disassemble(m, DisOptions{RawID: true}), dis(t, data, "--raw-id"))
			compareLines(t, Disassemble(m, DisOptions{}), dis(t, data))
		})
	}
}
