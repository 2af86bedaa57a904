package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// TestPushConstantsInBuffer: under a push-constant limit the kernel's
// block is smaller than, nothing moves; past it, the module has no
// PushConstant variable or pointer left, one NonWritable StorageBuffer
// variable at the binding the reflection names (after every other
// binding), and spirv-val passes (Vulkan 1.1 and 1.3); the reflection
// round-trips (compileCheckedWith). Work-item values, POD arguments in
// push constants, image channel words and sampler masks all move.
func TestPushConstantsInBuffer(t *testing.T) {
	src := `kernel void k(read_only image2d_t im, sampler_t s, global float4 *o, int n, float4 f) {
  size_t i = get_global_id(0) - get_global_offset(0);
  o[i] = read_imagef(im, s, (float2)(0.5f, 0.5f)) * f + (float)(n + get_image_channel_order(im) + get_image_channel_data_type(im));
  o[i + 1] = read_imagef(im, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST, (float2)(0.5f, 0.5f));
}
kernel void small(global int *o) { o[get_global_id(0)] = 1; }
kernel void none(global int *o) { o[0] = 1; }`
	for _, options := range []string{"", "-pod-pushconstant"} {
		for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
			f := compiler.Features{SampleLinearInCode: true, MaxPushConstantsSize: 128}
			res := compileCheckedWith(t, "k.cl", src, options, env, f)
			for _, k := range res.Reflection.Kernels {
				if k.PushConstantBuffer != nil {
					t.Errorf("%s %q: limit 128: kernel %s has a push-constant buffer", env, options, k.Name)
				}
			}
			// The smallest block here (kernel small's work-item values)
			// is 16 bytes.
			f.MaxPushConstantsSize = 12
			res = compileCheckedWith(t, "k.cl", src, options, env, f)
			m := res.Module
			for _, in := range m.Globals {
				if (in.Op == spirv.OpVariable || in.Op == spirv.OpTypePointer) && len(in.Operands) > 0 && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassPushConstant {
					t.Errorf("%s %q: %v %%%d in PushConstant left", env, options, in.Op, in.Result)
				}
			}
			named := map[spirv.ID]string{}
			for _, in := range m.Names {
				if in.Op == spirv.OpName {
					named[spirv.ID(in.Operands[0])], _, _ = spirv.DecodeString(in.Operands[1:])
				}
			}
			deco := func(id spirv.ID, d spirv.Decoration) (uint32, bool) {
				for _, in := range m.Annotations {
					if in.Op == spirv.OpDecorate && spirv.ID(in.Operands[0]) == id && spirv.Decoration(in.Operands[1]) == d {
						if len(in.Operands) > 2 {
							return in.Operands[2], true
						}
						return 0, true
					}
				}
				return 0, false
			}
			maxBinding := uint32(0)
			var pcVars []spirv.ID
			for _, in := range m.Globals {
				if in.Op != spirv.OpVariable {
					continue
				}
				if b, ok := deco(in.Result, spirv.DecorationBinding); ok && named[in.Result] != "pc" {
					maxBinding = max(maxBinding, b)
				}
				if named[in.Result] == "pc" {
					pcVars = append(pcVars, in.Result)
				}
			}
			if len(pcVars) != 2 {
				t.Fatalf("%s %q: %d push-constant blocks, want 2 (kernels k and small)", env, options, len(pcVars))
			}
			for _, v := range pcVars {
				set, _ := deco(v, spirv.DecorationDescriptorSet)
				b, ok := deco(v, spirv.DecorationBinding)
				if _, nw := deco(v, spirv.DecorationNonWritable); !ok || !nw || set != 0 || b != maxBinding+1 {
					t.Errorf("%s %q: block %%%d at set %d binding %d (NonWritable %v), want set 0 binding %d", env, options, v, set, b, nw, maxBinding+1)
				}
			}
			for _, k := range res.Reflection.Kernels {
				pb := k.PushConstantBuffer
				if want := k.Name != "none"; (pb != nil) != want {
					t.Errorf("%s %q: kernel %s: push-constant buffer %+v, want one: %v", env, options, k.Name, pb, want)
				} else if pb != nil && *pb != (spirv.DescriptorBinding{DescriptorSet: 0, Binding: maxBinding + 1}) {
					t.Errorf("%s %q: kernel %s: push-constant buffer %+v, want binding %d", env, options, k.Name, *pb, maxBinding+1)
				}
			}
		}
	}
}
