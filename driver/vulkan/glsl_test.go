package vulkan

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// glsl compiles a GLSL compute shader with glslangValidator and adds the
// kernel interface refl describes (glslang writes none).
func glsl(t *testing.T, src string, refl *spirv.Reflection) []byte {
	t.Helper()
	tool, err := exec.LookPath("glslangValidator")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "k.comp"), filepath.Join(dir, "k.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(tool, "-V", "--target-env", "vulkan1.1", "-o", out, in).CombinedOutput(); err != nil {
		t.Fatalf("glslangValidator: %v\n%s", err, msg)
	}
	code, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	if err := spirv.EmitReflection(m, refl); err != nil {
		t.Fatal(err)
	}
	return m.Encode()
}

// A module with a fixed work-group size and no region push constants:
// regions beyond the group count limit are cut with vkCmdDispatchBase.
func TestGLSLDispatchBase(t *testing.T) {
	spv := glsl(t, `#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
void main() {
  o.v[gl_GlobalInvocationID.x] = gl_WorkGroupID.x * 64u + gl_LocalInvocationID.x;
}
`, &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "main", Args: []spirv.Arg{{Name: "o", Kind: spirv.ArgBuffer}}}}})
	d := testDevice(t)
	groups := uint64(1000)
	if lim := uint64(d.phys.props.limits.maxComputeWorkGroupCount[0]); lim < 1<<20 {
		groups = lim + 100
	}
	n := groups * 64
	out := run(t, d, spv, "main", []targ{{buf: make([]byte, 4*n)}}, driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{64, 1, 1}))
	for i := uint64(0); i < n; i++ {
		if got := binary.LittleEndian.Uint32(out[0][4*i:]); got != uint32(i) {
			t.Fatalf("v[%d] = %d", i, got)
		}
	}
	// A local size other than the module's is refused.
	p, _ := d.BuildProgram(spv)
	k, _ := p.Kernel("main")
	q := mustQueue(t, d, false)
	b := mustBuffer(t, d, 1024)
	if _, err := q.Dispatch(t.Context(), k, []driver.Arg{{Kind: driver.ArgBuffer, Buffer: b}}, driver.Uniform(1, [3]uint64{}, [3]uint64{256, 1, 1}, [3]uint64{32, 1, 1}), nil); err == nil {
		t.Error("local size 32 accepted for a local_size_x = 64 module")
	}
}

// Capabilities the device lacks are named.
func TestCapabilityCheck(t *testing.T) {
	d := testDevice(t)
	if err := d.open(); err != nil {
		t.Fatal(err)
	}
	m := &spirv.Module{Version: spirv.MakeVersion(1, 3), Capabilities: []*spirv.Instruction{
		{Op: spirv.OpCapability, Operands: []uint32{uint32(spirv.CapabilityShader)}},
		{Op: spirv.OpCapability, Operands: []uint32{uint32(spirv.CapabilityKernel)}},
	}}
	err := d.checkModule(m)
	if err == nil || !errorsIs(err, driver.ErrUnsupported) {
		t.Fatalf("Kernel capability: %v", err)
	}
	t.Log(err)
}
