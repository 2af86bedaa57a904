// A kernel with a scalar and a pointer argument: clCreateProgramWithIL,
// clBuildProgram, kernel names and argument setting (cl/il_kernel_test.go).
kernel void scale(global int *a, int by) {
	size_t i = get_global_id(0);
	a[i] = (int)i * by;
}
