package kernelabi

import (
	"encoding/binary"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// PutImageChannelPushConstants writes, for get_image_channel_order and
// get_image_channel_data_type, each image argument's CL_* channel order or
// data type as a 32-bit word where the kernel's
// ImageArgumentInfoChannel*PushConstant reflection places it
// (docs/images.md). Entries in a uniform buffer, and arguments that are
// not images, are left alone.
func PutImageChannelPushConstants(push []byte, k *spirv.Kernel, args []driver.Arg) {
	for _, ic := range k.ImageChannelInfo {
		if !ic.PushConstant || int(ic.Ordinal) >= len(args) || args[ic.Ordinal].Image == nil {
			continue
		}
		if ic.Offset > uint32(len(push)) || uint32(len(push))-ic.Offset < 4 {
			continue
		}
		f := args[ic.Ordinal].Image.Desc().Format
		v := f.Order
		if ic.DataType {
			v = f.DataType
		}
		binary.LittleEndian.PutUint32(push[ic.Offset:], v)
	}
}
