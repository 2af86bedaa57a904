package lower_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// TestImageKernelsSampleInCode compiles every image kernel with sampling
// in code (nearest only, as for GPUs, and nearest and linear, as for
// lavapipe) and validates the modules; internal/corpus runs them on
// lavapipe against PoCL.
func TestImageKernelsSampleInCode(t *testing.T) {
	modes := []struct {
		name string
		f    compiler.Features
	}{
		{"nearest", compiler.Features{SampleNearestInCode: true}},
		{"linear", compiler.Features{SampleLinearInCode: true}},
	}
	for _, path := range imageKernels(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".cl"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range modes {
				for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
					compileCheckedWith(t, filepath.Base(path), string(src), specOptions(string(src)), env, m.f)
				}
			}
		})
	}
}

// TestSamplerArgPushConstant: with sampling in code, a sampler_t argument
// gets a push constant for its mask after the image's channel order (the
// border colour), and a literal sampler none.
func TestSamplerArgPushConstant(t *testing.T) {
	src := `kernel void k(read_only image2d_t im, sampler_t s, global float4 *o) {
  o[0] = read_imagef(im, s, (float2)(0.5f, 0.5f));
  o[1] = read_imagef(im, CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST, (float2)(0.5f, 0.5f));
}`
	for _, f := range []compiler.Features{{SampleNearestInCode: true}, {SampleLinearInCode: true}} {
		res := compileCheckedWith(t, "k.cl", src, "", compiler.Vulkan11, f)
		k := res.Reflection.Kernels[0]
		want := []spirv.SamplerMask{{Ordinal: 1, Offset: 4, Size: 4}}
		if len(k.SamplerMasks) != 1 || k.SamplerMasks[0] != want[0] {
			t.Errorf("%+v: sampler masks %+v, want %+v", f, k.SamplerMasks, want)
		}
		if len(k.ImageChannelInfo) != 1 || k.ImageChannelInfo[0].DataType || k.ImageChannelInfo[0].Offset != 0 {
			t.Errorf("%+v: channel info %+v, want the order of argument 0 at 0", f, k.ImageChannelInfo)
		}
	}
	res := compileCheckedWith(t, "k.cl", src, "", compiler.Vulkan11, compiler.Features{})
	if k := res.Reflection.Kernels[0]; len(k.SamplerMasks) != 0 || len(k.ImageChannelInfo) != 0 {
		t.Errorf("device sampling: sampler masks %+v, channel info %+v, want none", k.SamplerMasks, k.ImageChannelInfo)
	}
}
