// Pointer difference and integer values of two arguments that may be one
// buffer: an OpenCL-flavoured module's pointers are addresses (Physical64),
// so one buffer passed twice gives equal pointers. (a == b is left out:
// llvm-spirv-15 crashes on pointer comparisons.)
kernel void ptrs(global int *a, global int *b, global long *out) {
	out[0] = a - b;
	out[1] = (long)((ulong)a - (ulong)b);
}
