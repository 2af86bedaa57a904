//! kernel invert
//! global 16,8
//! arg image2d<rgba,unorm8> 16x8 random
//! arg image2d<rgba,unorm8> 16x8 out
//! arg sampler unnormalized,clamp_to_edge,nearest

// A sampled read of a normalized image at integer coordinates and a write
// of the complement: the kspec image arguments in their simplest form.
kernel void invert(read_only image2d_t src, write_only image2d_t dst, sampler_t s) {
	int2 xy = (int2)(get_global_id(0), get_global_id(1));
	write_imagef(dst, xy, (float4)(1.0f) - read_imagef(src, s, xy));
}
