//! kernel generic_in_memory
//! global 32
//! local 8
//! arg buffer<int> 32 random(-100,100)
//! arg local<int> 8
//! arg buffer<int> 32 out
//! options -cl-std=CL3.0
//! clgo-options -physical-storage-buffers

// Generic pointers to global, local and private memory kept in a private
// array of pointers (8-byte slots) and read through: under physical
// addressing the global candidate is an address and the others are the
// kernel's own objects. The reference (PoCL, without the generic address
// space) computes the same without the array.
kernel void generic_in_memory(global int *g, local int *l, global int *out) {
	int priv[4] = {1, 2, 3, 4};
	size_t i = get_global_id(0), li = get_local_id(0);
	l[li] = (int)li * 10;
	barrier(CLK_LOCAL_MEM_FENCE);
	int s = 0;
#ifdef __opencl_c_generic_address_space
	int *ps[3];
	ps[0] = g + i;
	ps[1] = l + li;
	ps[2] = priv + (i & 3);
	for (int k = 0; k < 3; k++)
		s += *ps[k] * (k + 1);
	*ps[0] += 1;
#else
	s = g[i] + l[li] * 2 + priv[i & 3] * 3;
	g[i] += 1;
#endif
	out[i] = s;
}
