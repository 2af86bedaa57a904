package vulkan

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Image kernels written by hand in SPIR-V assembly as docs/images.md says
// the compiler emits them, with the reflection added by
// spirv.EmitReflection (what the compiler uses too).

// imageModule assembles a compute module of one entry point "k" with a
// work-group of one work-item: caps are extra capabilities, annots its
// decorations, globals its types and variables (after the common ones
// below) and body the entry function's body after %gid's x is in %i.
func imageModule(t *testing.T, caps, annots, globals, body string, refl *spirv.Reflection) []byte {
	t.Helper()
	src := "OpCapability Shader\n" + caps + `
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "k" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %v4arr ArrayStride 16
OpDecorate %v4uarr ArrayStride 16
OpDecorate %v2arr ArrayStride 8
OpDecorate %v4iarr ArrayStride 16
OpDecorate %uarr ArrayStride 4
OpMemberDecorate %v4S 0 Offset 0
OpMemberDecorate %v4uS 0 Offset 0
OpMemberDecorate %v2S 0 Offset 0
OpMemberDecorate %v4iS 0 Offset 0
OpMemberDecorate %uS 0 Offset 0
OpDecorate %v4S Block
OpDecorate %v4uS Block
OpDecorate %v2S Block
OpDecorate %v4iS Block
OpDecorate %uS Block
` + annots + `
%void = OpTypeVoid
%fnty = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v2int = OpTypeVector %int 2
%v3int = OpTypeVector %int 3
%v4int = OpTypeVector %int 4
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%v4arr = OpTypeRuntimeArray %v4float
%v4uarr = OpTypeRuntimeArray %v4uint
%v4iarr = OpTypeRuntimeArray %v4int
%v2arr = OpTypeRuntimeArray %v2float
%uarr = OpTypeRuntimeArray %uint
%v4S = OpTypeStruct %v4arr
%v4uS = OpTypeStruct %v4uarr
%v4iS = OpTypeStruct %v4iarr
%v2S = OpTypeStruct %v2arr
%uS = OpTypeStruct %uarr
%pv4S = OpTypePointer StorageBuffer %v4S
%pv4uS = OpTypePointer StorageBuffer %v4uS
%pv4iS = OpTypePointer StorageBuffer %v4iS
%pv2S = OpTypePointer StorageBuffer %v2S
%puS = OpTypePointer StorageBuffer %uS
%pv4 = OpTypePointer StorageBuffer %v4float
%pv4u = OpTypePointer StorageBuffer %v4uint
%pv4i = OpTypePointer StorageBuffer %v4int
%pv2 = OpTypePointer StorageBuffer %v2float
%pu = OpTypePointer StorageBuffer %uint
%pgid = OpTypePointer Input %v3uint
%uint_0 = OpConstant %uint 0
%int_0 = OpConstant %int 0
%float_0 = OpConstant %float 0
%gid = OpVariable %pgid Input
` + globals + `
%main = OpFunction %void None %fnty
%entry = OpLabel
%g = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g 0
` + body + `
OpReturn
OpFunctionEnd
`
	as, err := exec.LookPath("spirv-as")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "k.spvasm"), filepath.Join(dir, "k.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(as, "--target-env", "vulkan1.1", "-o", out, in).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, msg)
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

// imageRun builds spv on d and runs kernel "k" over n work-items with
// args; buffers are read back into the slices of outs, which map argument
// ordinals to host bytes (written first, read back after).
func imageRun(t *testing.T, d *Device, spv []byte, n uint64, args []driver.Arg, outs map[int][]byte) error {
	t.Helper()
	p, err := d.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("k")
	if err != nil {
		return err
	}
	defer k.Release()
	q := mustQueue(t, d, false)
	defer q.Release()
	for i, host := range outs {
		b := mustBuffer(t, d, uint64(len(host)))
		defer b.Release()
		if _, err := q.WriteBuffer(b, 0, host, nil); err != nil {
			t.Fatal(err)
		}
		args[i] = driver.Arg{Kind: driver.ArgBuffer, Buffer: b, Size: uint64(len(host))}
	}
	if _, err := q.Dispatch(t.Context(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{1, 1, 1}), nil); err != nil {
		return err
	}
	for i, host := range outs {
		if _, err := q.ReadBuffer(args[i].Buffer, 0, host, nil); err != nil {
			t.Fatal(err)
		}
	}
	return q.Finish(t.Context())
}

func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func floatBytes(v ...float32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}
