//! kernel rgba_gray
//! global 16,16
//! arg buffer<uchar4> 256 random
//! arg buffer<uchar> 256 out
//! arg buffer<float4> 256 out
//! tolerance 1e-6

// RGBA to grey with float weights, rounded; also writes normalized colours.
kernel void rgba_gray(global const uchar4 *img, global uchar *gray, global float4 *norm) {
  int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
  float4 c = convert_float4(img[i]) * (1.0f / 255.0f);
  float y = dot(c.xyz, (float3)(0.25f, 0.5f, 0.125f));
  gray[i] = convert_uchar_sat_rte(y * 255.0f);
  norm[i] = c;
}
