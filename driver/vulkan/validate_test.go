package vulkan

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
)

// Modules that crashed lavapipe's pipeline compiler (a valid module with
// its id bound raised) or sized gigabyte allocations (reflection numbers)
// are refused before the Vulkan driver sees them.
func TestBuildProgramRefusesInvalid(t *testing.T) {
	d := testDevice(t)
	for _, tc := range []struct{ file, want string }{
		{"bound_ffffffff.spv", "vulkan: invalid SPIR-V: header word 3: id bound 4294967295 is above the limit of 4194303"},
		{"bound_10000000.spv", "vulkan: invalid SPIR-V: header word 3: id bound 268435456 is above the limit of 4194303"},
		{"junk8.spv", "vulkan: invalid SPIR-V: header word 0: 8 bytes is too short for a header"},
		{"glsl_fma_operand.spv", "vulkan: invalid SPIR-V: instruction 64 (word 279, OpExtInst): GLSL.std.450 Fma: operand 1"},
		{"reflection_ordinal_oom.spv", `vulkan: spirv: reflection: kernel "a" argument "s": ordinal 1747206099 (at most 4095)`},
		{"vulkan_build_oom_977.spv", `vulkan: spirv: reflection: kernel "c" has 2147483647 arguments (at most 4096)`},
	} {
		code, err := os.ReadFile("../../spirv/testdata/reliability/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		_, err = d.BuildProgram(code)
		if !errors.Is(err, driver.ErrInvalidBinary) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant ErrInvalidBinary and %q", tc.file, err, tc.want)
		}
	}
}

// A glslang compute shader without clgo's reflection declares descriptors
// the pipeline layout made from the (empty) reflection lacks; lavapipe
// crashed creating its pipeline. The kernel is refused instead.
func TestUndescribedResourceRefused(t *testing.T) {
	d := testDevice(t)
	code, err := os.ReadFile("../../spirv/testdata/glslang/reduce.spv")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	_, err = p.Kernel("main")
	want := "vulkan: kernel main uses the resource at descriptor set 0, binding 0"
	if !errors.Is(err, driver.ErrInvalidBinary) || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("Kernel: %v\nwant ErrInvalidBinary and %q", err, want)
	}
}

// A module without reflection whose Workgroup variable is far larger than
// the device's shared memory is refused at dispatch, as a kernel with
// reflection is (its Workgroup memory was not counted).
func TestUndescribedWorkgroupMemoryRefused(t *testing.T) {
	d := testDevice(t)
	code, err := os.ReadFile("../../spirv/testdata/reliability/workgroup_8g.spv")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	if got := k.Info().LocalMemSize; got != 8_000_000_000 {
		t.Errorf("LocalMemSize %d, want 8000000000", got)
	}
	q := mustQueue(t, d, false)
	_, err = q.Dispatch(t.Context(), k, nil, driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1}), nil)
	if !errors.Is(err, driver.ErrOutOfResources) || !strings.Contains(err.Error(), "8000000000 bytes of __local memory") {
		t.Fatalf("Dispatch: %v, want ErrOutOfResources", err)
	}
}
