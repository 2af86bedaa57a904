package kernelabi

import (
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// ArgInfos describes a kernel's arguments as the runtime sees them, from
// the module's reflection: their kind (how clSetKernelArg takes them), size
// and the names and qualifiers clGetKernelArgInfo reports. Arguments the
// reflection skips (a pointer the kernel never uses may have no binding)
// default to global buffers, so that every ordinal below NumArgs exists.
// Counts and ordinals come from the module: spirv.ReadReflection keeps them
// below spirv.MaxKernelArgs, and ArgInfos never sizes its table past that
// limit either (a Kernel made by hand with larger ones loses those args).
func ArgInfos(k *spirv.Kernel) []driver.ArgInfo {
	n := int(min(k.NumArgs, spirv.MaxKernelArgs))
	for _, a := range k.Args {
		if a.Ordinal < spirv.MaxKernelArgs {
			n = max(n, int(a.Ordinal)+1)
		}
	}
	args := make([]driver.ArgInfo, n)
	for i := range args {
		args[i] = driver.ArgInfo{Kind: driver.ArgBuffer, Size: 8, AddressQualifier: driver.AddressGlobal}
	}
	for _, a := range k.Args {
		ai := driver.ArgInfo{Name: a.Name, TypeName: a.TypeName, AddressQualifier: a.AddressQualifier,
			AccessQualifier: a.AccessQualifier, TypeQualifier: a.TypeQualifier}
		switch a.Kind {
		case spirv.ArgBuffer, spirv.ArgBufferUBO, spirv.ArgPointerPushConstant, spirv.ArgPointerUBO:
			ai.Kind, ai.Size = driver.ArgBuffer, 8
		case spirv.ArgPOD, spirv.ArgPODUBO, spirv.ArgPODPushConstant:
			ai.Kind, ai.Size = driver.ArgPOD, uint64(a.Size)
		case spirv.ArgLocal:
			ai.Kind, ai.Size, ai.ElemSize = driver.ArgLocal, 8, uint64(a.ElemSize)
		case spirv.ArgSampler:
			ai.Kind, ai.Size = driver.ArgSampler, 8
		case spirv.ArgROImage, spirv.ArgUniformTexelBuffer:
			ai.Kind, ai.Size = driver.ArgImage, 8
			if ai.AccessQualifier == 0 {
				// A module without argument info (clspv's, say):
				// sampled images are read-only.
				ai.AccessQualifier, ai.AddressQualifier = driver.AccessReadOnly, driver.AddressGlobal
			}
		case spirv.ArgWOImage, spirv.ArgStorageTexelBuffer:
			ai.Kind, ai.Size = driver.ArgImage, 8
			if ai.AccessQualifier == 0 {
				// Storage images are written; read_write ones say so
				// in their argument info.
				ai.AccessQualifier, ai.AddressQualifier = driver.AccessWriteOnly, driver.AddressGlobal
			}
		default:
			ai.Kind, ai.Size = driver.ArgImage, 8
		}
		if int(a.Ordinal) < n {
			args[a.Ordinal] = ai
		}
	}
	return args
}
