//! kernel layers_normalized
//! global 4,3,4
//! arg image2d_array<rgba,float> 4x3x3 random
//! arg image1d_array<rgba,float> 4x3 random
//! arg buffer<float4> 96 out
//! tolerance 1e-5

// With normalized coordinates, the array index of an array image is still
// a layer number, rounded to the nearest and clamped to [0, layers - 1]:
// OpenCL C 2.0 §8.3 ("if the image is a 2D image array, ... the array
// index ... is computed as clamp(rint(r), 0, d - 1)"), never scaled by the
// layer count. PoCL 3.1 scales it (layer = rint(r * layers)), so this
// kernel is in known_differences.txt: clgo follows the spec.
constant sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void layers_normalized(read_only image2d_array_t a, read_only image1d_array_t b, global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  float2 uv = ((float2)(x, y) + 0.5f) / (float2)(4.0f, 3.0f);
  float layer = -0.7f + 0.9f * z; // -0.7, 0.2, 1.1, 2.0
  int i = (z * 3 + y) * 4 + x;
  out[2 * i] = read_imagef(a, s, (float4)(uv, layer, 0.0f));
  out[2 * i + 1] = read_imagef(b, s, (float2)(uv.x, layer));
}
