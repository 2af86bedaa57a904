//! kernel blur
//! global 19,11
//! arg image2d<r,uint8> 19x11 random
//! arg image2d<r,uint8> 19x11 out
//! arg sampler unnormalized,clamp_to_edge,nearest

// The 3x3 box blur of cl's Example_imageFilter: integer sums of a grey
// image read through a sampler that clamps coordinates to the edge, so
// the border pixels repeat the edge ones.
kernel void blur(read_only image2d_t src, write_only image2d_t dst, sampler_t s) {
	int2 p = (int2)(get_global_id(0), get_global_id(1));
	uint sum = 0;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			sum += read_imageui(src, s, p + (int2)(dx, dy)).x;
	write_imageui(dst, p, (uint4)(sum / 9));
}
