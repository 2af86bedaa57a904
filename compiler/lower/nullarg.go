package lower

import (
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// A kernel's buffer argument may be NULL (clSetKernelArg with a NULL
// cl_mem), and the kernel may test it: `if (p)`, `p == NULL`. The runtime
// binds a NULL argument as fewer than 4 bytes (the host driver: an empty
// region; Vulkan, which has no empty bindings: a 1-byte range of a dummy
// buffer), while every real buffer binding is at least 4 bytes (sizes are
// padded to words). So an argument is NULL exactly when its runtime array
// holds fewer elements than 4 bytes make.

// objNonNull is the bool value "a pointer into o is not NULL" for one of
// a pointer's candidate objects (nil: the null pointer itself).
func (fs *fnState) objNonNull(o *object) spirv.ID {
	b := fs.b
	if o == nil {
		return b.ConstantFalse(fs.boolT())
	}
	if !o.block || o.sc != spirv.StorageClassStorageBuffer || o.v == nil || o.v.Kind != types.ParamVar {
		return b.ConstantTrue(fs.boolT())
	}
	stride := int64(4)
	if !o.words {
		stride = max(fs.conf.Sizeof(o.unit), 1)
	}
	least := uint32((4 + stride - 1) / stride)
	n := b.Emit(spirv.OpArrayLength, fs.uint32T(), uint32(o.id), 0)
	return b.EmitIDs(spirv.OpUGreaterThanEqual, fs.boolT(), n, fs.u32(least))
}
