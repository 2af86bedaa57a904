package lower

import "github.com/clgo/clgo/spirv"

// LibraryEntryPoint names the entry point of a program without kernels.
const LibraryEntryPoint = "__clgo_library_unit"

// libraryUnit completes a module for a program without kernels (helper
// functions only, a library unit in OpenCL's terms). SPIR-V wants an entry
// point unless the module declares the Linkage capability, which Vulkan
// does not allow, so the module gets one empty GLCompute entry point that
// the reflection does not list: the program builds on every device and
// has no kernels.
func (l *lowerer) libraryUnit() {
	b := l.b
	void := b.TypeVoid()
	fn := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	b.NewBlock()
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	b.EntryPoint(spirv.ExecutionModelGLCompute, fn.ID, LibraryEntryPoint)
	if l.wgSize == 0 {
		b.ExecutionMode(fn.ID, spirv.ExecutionModeLocalSize, 1, 1, 1)
	}
}
