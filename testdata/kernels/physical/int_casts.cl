//! kernel int_casts
//! global 64
//! local 64
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<ulong> 64 zero
//! arg buffer<long> 64 out
//! clgo-options -physical-storage-buffers

// Pointers through integers in global memory: each work-item stores its
// element's address as a ulong, reads its neighbour's back as a pointer
// and dereferences it (an integer that is a pointer in another work-item
// only), and takes address differences and alignments as integers. The
// addresses are cleared at the end so that the buffers compare.
kernel void int_casts(global int *a, global ulong *addrs, global long *out) {
	size_t i = get_global_id(0);
	addrs[i] = (ulong)(a + i);
	barrier(CLK_GLOBAL_MEM_FENCE);
	global int *p = (global int *)addrs[i ^ 1];
	uintptr_t mine = (uintptr_t)&a[i];
	out[i] = *p * 1000 + (long)(addrs[i] - addrs[0]) + (long)(mine & 3);
	barrier(CLK_GLOBAL_MEM_FENCE);
	addrs[i] = 0;
}
