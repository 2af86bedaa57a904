//! kernel many_pointer_args
//! global 32
//! local 8
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 random(-100,100)
//! arg buffer<int> 32 out
//! clgo-options -physical-storage-buffers

// More __global pointer arguments than 128 bytes of push constants hold
// (with the work-item values): under physical addressing they are passed
// in a uniform buffer of addresses (ArgPointerUBO, docs/physical.md §4).
kernel void many_pointer_args(global int *a0, global int *a1, global int *a2, global int *a3, global int *a4, global int *a5, global int *a6, global int *a7, global int *a8, global int *a9, global int *a10, global int *a11, global int *a12, global int *a13, global int *a14, global int *a15, global int *out) {
	size_t i = get_global_id(0);
	out[i] = a0[i] * 1 + a1[i] * 2 + a2[i] * 3 + a3[i] * 4 + a4[i] * 5 + a5[i] * 6 + a6[i] * 7 + a7[i] * 8 + a8[i] * 9 + a9[i] * 10 + a10[i] * 11 + a11[i] * 12 + a12[i] * 13 + a13[i] * 14 + a14[i] * 15 + a15[i] * 16;
	a15[i] = a0[(i + 1) & 31];
}
