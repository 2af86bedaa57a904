package kernelabi

import (
	"encoding/binary"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Images and samplers (docs/images.md). Image and sampler arguments are
// descriptors like buffers (ArgInfos gives them driver.ArgImage and
// driver.ArgSampler); what a driver must add for them is here: the
// module's literal samplers, which it binds itself, and the push
// constants where get_image_channel_order/get_image_channel_data_type
// read an image argument's format.

// LiteralSampler is a sampler the module declares (a `constant sampler_t`
// or a CLK_* mask in the source): the driver binds a sampler with this
// state at DescriptorSet/Binding for every kernel of the module.
type LiteralSampler struct {
	DescriptorSet, Binding uint32
	Sampler                driver.Sampler
}

// LiteralSamplers returns the literal samplers of a module, decoded from
// their OpenCL C masks.
func LiteralSamplers(refl *spirv.Reflection) []LiteralSampler {
	out := make([]LiteralSampler, 0, len(refl.LiteralSamplers))
	for _, s := range refl.LiteralSamplers {
		out = append(out, LiteralSampler{DescriptorSet: s.DescriptorSet, Binding: s.Binding, Sampler: driver.SamplerFromMask(s.Mask)})
	}
	return out
}

// PutImageChannelPushConstants writes, for each image channel query of
// kernel k passed in push constants, the CL_* channel order or channel
// data type of the image given for that argument into push (which must be
// PushConstantsEnd bytes long at least). args must match k's arguments. An
// argument without an image, or a query that is not in push constants
// (clspv's uniform-buffer form, which clgo never emits), is an error.
func PutImageChannelPushConstants(push []byte, k *spirv.Kernel, args []driver.Arg) error {
	for _, ic := range k.ImageChannelInfo {
		if !ic.PushConstant {
			return fmt.Errorf("kernel %s: the channel %s of image argument %d is read from a uniform buffer, which is not supported",
				k.Name, channelWhat(ic.DataType), ic.Ordinal)
		}
		if int(ic.Ordinal) >= len(args) || args[ic.Ordinal].Image == nil {
			return fmt.Errorf("kernel %s: argument %d needs an image for get_image_channel_%s", k.Name, ic.Ordinal, channelWhat(ic.DataType))
		}
		if ic.Size < 4 || int(ic.Offset)+4 > len(push) {
			return fmt.Errorf("kernel %s: image channel push constant at %d (size %d) is outside the %d push-constant bytes", k.Name, ic.Offset, ic.Size, len(push))
		}
		f := args[ic.Ordinal].Image.Desc().Format
		v := f.Order
		if ic.DataType {
			v = f.DataType
		}
		binary.LittleEndian.PutUint32(push[ic.Offset:], v)
	}
	return nil
}

// PutSamplerPushConstants writes, for each sampler argument of kernel k
// whose state is passed in push constants (spirv.Kernel.SamplerMasks:
// kernels that sample in code, docs/images.md), the OpenCL C mask of the
// sampler given for it into push (PushConstantsEnd bytes long at least).
// args must match k's arguments.
func PutSamplerPushConstants(push []byte, k *spirv.Kernel, args []driver.Arg) error {
	for _, sm := range k.SamplerMasks {
		if int(sm.Ordinal) >= len(args) || args[sm.Ordinal].Kind != driver.ArgSampler {
			return fmt.Errorf("kernel %s: argument %d needs a sampler", k.Name, sm.Ordinal)
		}
		if sm.Size < 4 || int(sm.Offset)+4 > len(push) {
			return fmt.Errorf("kernel %s: sampler push constant at %d (size %d) is outside the %d push-constant bytes", k.Name, sm.Offset, sm.Size, len(push))
		}
		binary.LittleEndian.PutUint32(push[sm.Offset:], args[sm.Ordinal].Sampler.Mask())
	}
	return nil
}

func channelWhat(dataType bool) string {
	if dataType {
		return "data_type"
	}
	return "order"
}
