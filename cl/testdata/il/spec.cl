// A specialization constant (SpecId 7, an int, default 12345): the SPIR-V
// LLVM translator turns calls of __spirv_SpecConstant into OpSpecConstant
// decorated with the SpecId.
int __spirv_SpecConstant(int id, int def);

kernel void k(global int *a) {
	a[get_global_id(0)] = __spirv_SpecConstant(7, 12345);
}
