//! kernel permute
//! global 4,3,2
//! arg image2d_array<rgba,uint32> 4x3x2 random
//! arg image2d_array<rgba,uint32> 4x3x2 out
//! arg image1d_buffer<r,int32> 24 iota
//! arg buffer<int> 24 out

// Integer images without a sampler: a 2D array read and written at integer
// coordinates (layer in z), and a 1D buffer image read into a buffer.
kernel void permute(read_only image2d_array_t src, write_only image2d_array_t dst,
                    read_only image1d_buffer_t ids, global int *out) {
	int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
	uint4 p = read_imageui(src, (int4)(3 - x, y, 1 - z, 0));
	write_imageui(dst, (int4)(x, y, z, 0), p.wzyx ^ (uint4)(x, y, z, 7));
	int i = (z * 3 + y) * 4 + x;
	out[i] = read_imagei(ids, 23 - i).x * 2;
}
