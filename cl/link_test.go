package cl_test

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/internal/refcl"
)

// The two units of testdata/link (see their comments).
var unitA, unitB = readUnit("unit_a.cl"), readUnit("unit_b.cl")

func readUnit(name string) string {
	b, err := os.ReadFile("../testdata/link/" + name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

const linkN = 16

func linkHost(t *testing.T) (*cl.Context, *cl.Device) {
	t.Helper()
	ps, err := cl.Platforms()
	if err != nil {
		t.Fatal(err)
	}
	devs, err := ps[0].Devices(cl.DeviceTypeCPU)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		if d.DriverName() == "host" {
			c, err := cl.CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Release() })
			return c, d
		}
	}
	t.Fatal("no host device")
	return nil, nil
}

// compiled makes a program of src and compiles it as one unit.
func compiled(t *testing.T, c *cl.Context, dev *cl.Device, src string) *cl.Program {
	t.Helper()
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Release() })
	if err := p.Compile(""); err != nil {
		t.Fatalf("compile: %v", err)
	}
	return p
}

// runInts runs kernel name of p over linkN work-items with one int
// buffer and returns it.
func runInts(t *testing.T, c *cl.Context, dev *cl.Device, p *cl.Program, name string) []int32 {
	t.Helper()
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	k, err := p.CreateKernel(name)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	b, err := cl.CreateBufferFrom(c, 0, make([]int32, linkN))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := k.SetArgs(b); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{linkN}, nil); err != nil {
		t.Fatal(err)
	}
	out, err := cl.ReadAll[int32](context.Background(), q, b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// poclInts links srcs with the reference OpenCL and runs kernel name as
// runInts does.
func poclInts(t *testing.T, srcs []string, name string) []int32 {
	t.Helper()
	devs, err := refcl.AllDevices()
	if err != nil || len(devs) == 0 {
		t.Skipf("no reference OpenCL: %v", err)
	}
	ctx, err := refcl.NewContext(devs[0])
	if err != nil {
		t.Skip(err)
	}
	defer ctx.Release()
	p, err := ctx.Link(srcs, "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	b, err := ctx.NewBuffer(4 * linkN)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := k.SetBuffer(0, b); err != nil {
		t.Fatal(err)
	}
	if _, err := ctx.Run(k, []uint64{linkN}, nil); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 4*linkN)
	if err := b.Read(0, raw); err != nil {
		t.Fatal(err)
	}
	out := make([]int32, linkN)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	return out
}

// TestLinkTwoUnits links two separately compiled units and checks both
// kernels against the reference OpenCL linking the same units.
func TestLinkTwoUnits(t *testing.T) {
	c, dev := linkHost(t)
	a, b := compiled(t, c, dev, unitA), compiled(t, c, dev, unitB)
	p, err := c.LinkProgram("", []*cl.Program{a, b})
	if err != nil {
		t.Fatalf("link: %v", err)
	}
	defer p.Release()
	names, err := p.KernelNames()
	if err != nil || strings.Join(names, " ") != "ka kb" {
		t.Fatalf("kernels %v (%v), want ka kb", names, err)
	}
	for _, k := range []string{"ka", "kb"} {
		got := runInts(t, c, dev, p, k)
		want := poclInts(t, []string{unitA, unitB}, k)
		if !slices.Equal(got, want) {
			t.Errorf("%s: clgo %v\nreference %v", k, got, want)
		}
	}
	// The same sources as one program do not compile.
	one, err := c.CreateProgramWithSource(unitA + unitB)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Release()
	if err := one.Build(""); !errors.Is(err, cl.ErrBuildProgramFailure) {
		t.Fatalf("one-source build: %v", err)
	}
}

// TestLinkLibrary makes a library of one unit (-create-library), which
// still calls a function of the other unit, and links it with that unit.
func TestLinkLibrary(t *testing.T) {
	c, dev := linkHost(t)
	a, b := compiled(t, c, dev, unitA), compiled(t, c, dev, unitB)
	lib, err := c.LinkProgram("-create-library -enable-link-options", []*cl.Program{a})
	if err != nil {
		t.Fatalf("library: %v", err)
	}
	defer lib.Release()
	if _, err := lib.CreateKernel("ka"); err == nil {
		t.Fatal("a kernel from a library")
	}
	p, err := c.LinkProgram("-cl-fast-relaxed-math", []*cl.Program{b, lib})
	if err != nil {
		t.Fatalf("link: %v", err)
	}
	defer p.Release()
	got := runInts(t, c, dev, p, "ka")
	want := poclInts(t, []string{unitA, unitB}, "ka")
	if !slices.Equal(got, want) {
		t.Errorf("ka: clgo %v\nreference %v", got, want)
	}
}

func TestLinkFailures(t *testing.T) {
	c, dev := linkHost(t)
	a := compiled(t, c, dev, unitA)
	// twice is defined by no unit: the link fails, with a program that
	// holds the log.
	p, err := c.LinkProgram("", []*cl.Program{a})
	if !errors.Is(err, cl.ErrLinkProgramFailure) || p == nil {
		t.Fatalf("link: %v, want CL_LINK_PROGRAM_FAILURE and a program", err)
	}
	defer p.Release()
	// (A unit links as its preprocessed text, which the log shows.)
	want := "<unit 1>:9:15: error: function 'twice' is declared but never defined\n" +
		"out[i] = twice(helper(i)) + fromA(s);\n" +
		"              ^\n"
	if got := p.BuildLog(dev); got != want {
		t.Errorf("log\n%q\nwant\n%q", got, want)
	}
	// Conflicting declarations name both units.
	bad := compiled(t, c, dev, "float twice(int x) { return x; }\n")
	p2, err := c.LinkProgram("", []*cl.Program{a, bad})
	if !errors.Is(err, cl.ErrLinkProgramFailure) {
		t.Fatalf("link: %v, want CL_LINK_PROGRAM_FAILURE", err)
	}
	defer p2.Release()
	want = "<unit 2>:1:7: error: conflicting types for 'twice': 'float(int)' here, 'int(int)' in <unit 1>\n" +
		"float twice(int x) { return x; }\n" +
		"      ^\n" +
		"<unit 1>:4:5: note: previous declaration is here\n" +
		"int twice(int x);\n" +
		"    ^\n"
	if got := p2.BuildLog(dev); got != want {
		t.Errorf("log\n%q\nwant\n%q", got, want)
	}
	// A kernel defined in two units.
	p3, err := c.LinkProgram("", []*cl.Program{a, compiled(t, c, dev, unitB), compiled(t, c, dev, "kernel void kb(global int *o) { }\n")})
	if !errors.Is(err, cl.ErrLinkProgramFailure) {
		t.Fatalf("link: %v, want CL_LINK_PROGRAM_FAILURE", err)
	}
	defer p3.Release()
	if got := p3.BuildLog(dev); !strings.HasPrefix(got, "<unit 3>:1:13: error: kernel 'kb' is defined in two units: here and in <unit 2>\n") {
		t.Errorf("log\n%s", got)
	}
	for _, o := range []string{"-enable-link-options", "-DX=1", "-create-library -I."} {
		if _, err := c.LinkProgram(o, []*cl.Program{a}); !errors.Is(err, cl.ErrInvalidLinkerOptions) {
			t.Errorf("options %q: %v, want CL_INVALID_LINKER_OPTIONS", o, err)
		}
	}
	src, err := c.CreateProgramWithSource(unitB)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Release()
	if _, err := c.LinkProgram("", []*cl.Program{src}); !errors.Is(err, cl.ErrInvalidOperation) {
		t.Errorf("uncompiled input: %v, want CL_INVALID_OPERATION", err)
	}
}

func TestParseLinkOptions(t *testing.T) {
	lo, err := cl.ParseLinkOptions(" -create-library  -enable-link-options -cl-no-signed-zeroes -cl-fast-relaxed-math ")
	want := cl.LinkOptions{Library: true, EnableLinkOptions: true, Options: "-cl-no-signed-zeros -cl-fast-relaxed-math"}
	if err != nil || lo != want {
		t.Errorf("got %+v, %v; want %+v", lo, err, want)
	}
	if lo, err := cl.ParseLinkOptions(""); err != nil || lo != (cl.LinkOptions{}) {
		t.Errorf("no options: %+v, %v", lo, err)
	}
}

// TestLinkOptionsAndLibraries: a link's options apply to its units unless
// a library made without -enable-link-options is among them.
func TestLinkOptionsAndLibraries(t *testing.T) {
	c, dev := linkHost(t)
	a, b := compiled(t, c, dev, unitA), compiled(t, c, dev, unitB)
	for _, tc := range []struct {
		libOptions string
		want       string
	}{
		{"-create-library", ""},
		{"-create-library -enable-link-options", "-cl-finite-math-only"},
	} {
		lib, err := c.LinkProgram(tc.libOptions, []*cl.Program{a})
		if err != nil {
			t.Fatal(err)
		}
		p, err := c.LinkProgram("-cl-finite-math-only", []*cl.Program{lib, b})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.BuildOptions(dev); got != tc.want {
			t.Errorf("library %q: the link built with %q, want %q", tc.libOptions, got, tc.want)
		}
		p.Release()
		lib.Release()
	}
	p, err := c.LinkProgram("-cl-finite-math-only", []*cl.Program{a, b})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if got := p.BuildOptions(dev); got != "-cl-finite-math-only" {
		t.Errorf("objects: the link built with %q", got)
	}
}
