//! kernel sample
//! global 8,4,4
//! arg image3d<r,float> 6x5x3 random
//! arg buffer<float4> 128 out
//! arg sampler normalized,clamp_to_edge,linear
//! tolerance 5e-3

// Trilinear filtering of a 3D float image at normalized coordinates that
// fall between texels and past the edges. GPUs filter with the weights
// rounded to their sub-texel precision (Vulkan's subTexelPrecisionBits: 8
// bits on the H100, whose Vulkan results differ from NVIDIA's OpenCL by up
// to 1.5e-3 here), hence the tolerance, within what the CTS allows linear
// filtering.
kernel void sample(read_only image3d_t vol, global float4 *out, sampler_t s) {
	size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
	float4 c = (float4)((x + 0.3f) / 7.0f, (y + 0.6f) / 3.5f, (z + 0.1f) / 3.2f, 0.0f);
	out[(z * 4 + y) * 8 + x] = read_imagef(vol, s, c);
}
