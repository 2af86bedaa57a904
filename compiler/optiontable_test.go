package compiler

import (
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// Options are found by exact name: -output-format=c is the output format,
// not "-o utput-format=c" (issue 17).
func TestOptionExactName(t *testing.T) {
	o := DefaultOptions()
	files, err := o.ParseCommandLine([]string{"-output-format=c", "k.cl", "-o", "out.inc", "-DN=4", "-I", "inc", "-O0", "-Wall", "-Wno-unused-variable", "-Werror=unused-parameter"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Output.Format != "c" || o.Output.File != "out.inc" || len(files) != 1 || files[0] != "k.cl" {
		t.Fatalf("format %q file %q files %v", o.Output.Format, o.Output.File, files)
	}
	if o.Optimize || len(o.Defines) != 1 || o.Defines[0] != "N=4" || o.IncludeDirs[0] != "inc" {
		t.Fatalf("optimize %v defines %v includes %v", o.Optimize, o.Defines, o.IncludeDirs)
	}
	if got := strings.Join(o.WarningFlags, " "); got != "all no-unused-variable error=unused-parameter" {
		t.Fatalf("warning flags %q", got)
	}
	for _, bad := range []string{"-ofoo", "-output-format=ll", "-cl-std=CL9", "-O7", "-x=ir", "-verify", "-cl-std=CLC++", "-W"} {
		o := DefaultOptions()
		if _, err := o.ParseCommandLine([]string{bad, "k.cl"}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	o = DefaultOptions()
	_, err = o.ParseCommandLine([]string{"-ofoo"})
	if err == nil || err.Error() != "unknown option '-ofoo' (did you mean '-o foo'?)" {
		t.Fatalf("-ofoo: %v", err)
	}
}

// Build options (clBuildProgram) take the table's options except those
// that choose `clgo compile`'s output; both spellings of clspv's options
// (-name, --name) and of a value (=V, a separate argument) work.
func TestBuildOptions(t *testing.T) {
	o, err := ParseOptions("--cl-std CL2.0 -spv-version=1.5 -cluster-pod-kernel-args=0 -cl-single-precision-constant -cl-kernel-arg-info -global-offset -uniform-workgroup-size -w")
	if err != nil {
		t.Fatal(err)
	}
	if o.Std != 200 || o.TargetEnv != Vulkan12 || o.ClusterPODArgs || !o.SinglePrecisionConst || !o.NoWarnings || len(o.OptionWarnings) != 0 {
		t.Fatalf("%+v", o)
	}
	for _, cmd := range []string{"-o x.spv", "-S", "-output-format=c", "-descriptormap=m.csv"} {
		if _, err := ParseOptions(cmd); err == nil || !strings.Contains(err.Error(), "not a build option") {
			t.Errorf("%s: %v", cmd, err)
		}
	}
	o, err = ParseOptions("-inline-entry-points -physical-storage-buffers -hack-scf -arch=spir64 -cl-fp32-correctly-rounded-divide-sqrt")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"argument unused during compilation: '-hack-scf': driver workarounds are not needed",
		"argument unused during compilation: '-cl-fp32-correctly-rounded-divide-sqrt': not honoured: float division and sqrt keep OpenCL's 2.5 and 3 ULP bounds",
	}
	if strings.Join(o.OptionWarnings, "\n") != strings.Join(want, "\n") {
		t.Fatalf("warnings:\n%s", strings.Join(o.OptionWarnings, "\n"))
	}
	if o.Addressing != AddressingPhysical {
		t.Fatalf("-physical-storage-buffers: addressing %v", o.Addressing)
	}
	if o.AddressBits != 64 {
		t.Fatalf("-arch=spir64: AddressBits %d, want 64", o.AddressBits)
	}
	if o.Addressing != AddressingPhysical {
		t.Fatalf("-physical-storage-buffers: addressing %v", o.Addressing)
	}
}

// Every option's example parses, and every option is in docs/clspv.md.
func TestOptionTableExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/clspv.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, info := range OptionTable() {
		if info.Help == "" || info.Example == "" {
			t.Errorf("%s: no help or example", info.Name)
		}
		if !strings.Contains(string(doc), "`"+info.Name) {
			t.Errorf("%s is not in docs/clspv.md", info.Name)
		}
		o := DefaultOptions()
		_, err := o.ParseCommandLine(splitOptions(info.Example))
		if (err != nil) != (info.Status == Unsupported) {
			t.Errorf("%s: example %q: %v", info.Name, info.Example, err)
		}
		if info.Status == Ignored && err == nil && len(o.OptionWarnings) == 0 {
			t.Errorf("%s: ignored without a warning", info.Name)
		}
	}
}

// -cl-single-precision-constant makes an unsuffixed literal float, so the
// kernel needs no Float64; without it the literal is double.
func TestSinglePrecisionConstant(t *testing.T) {
	src := "kernel void k(global float *a) { a[0] = a[0] * 1.5; }"
	for _, single := range []bool{false, true} {
		o := DefaultOptions()
		o.SinglePrecisionConst = single
		res, err := Compile(src, o)
		if err != nil {
			t.Fatal(err)
		}
		has64 := strings.Contains(spirv.Disassemble(res.Module, spirv.DisOptions{}), "OpCapability Float64")
		if has64 == single {
			t.Errorf("single %v: Float64 capability %v", single, has64)
		}
	}
}
