//! kernel all_forms
// Every read and write form on every image type (float, int and uint
// images, with and without samplers, integer and float coordinates).
constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

kernel void all_forms(read_only image1d_t r1, read_only image1d_array_t r1a, read_only image1d_buffer_t r1b,
                      read_only image2d_t r2i, read_only image2d_array_t r2a, read_only image3d_t r3u,
                      write_only image1d_t w1, write_only image1d_array_t w1a, write_only image1d_buffer_t w1b,
                      write_only image2d_t w2, write_only image2d_array_t w2a, write_only image3d_t w3,
                      sampler_t smp) {
  int i = get_global_id(0);
  float f = i * 0.25f;
  float4 a = read_imagef(r1, smp, i) + read_imagef(r1, smp, f) + read_imagef(r1, i);
  a += read_imagef(r1a, nearest, (int2)(i, 1)) + read_imagef(r1a, nearest, (float2)(f, 1.0f)) + read_imagef(r1a, (int2)(i, 0));
  a += read_imagef(r1b, i);
  int4 b = read_imagei(r2i, smp, (int2)(i, i)) + read_imagei(r2i, smp, (float2)(f, f)) + read_imagei(r2i, (int2)(i, 0));
  float4 c = read_imagef(r2a, smp, (int4)(i, i, 1, 0)) + read_imagef(r2a, smp, (float4)(f, f, 1.0f, 0.0f)) + read_imagef(r2a, (int4)(i, 0, 2, 0));
  uint4 d = read_imageui(r3u, smp, (int4)(i, i, i, 0)) + read_imageui(r3u, smp, (float4)(f, f, f, 0.0f)) + read_imageui(r3u, (int4)(i, 1, 2, 0));
  write_imagef(w1, i, a);
  write_imagef(w1a, (int2)(i, 1), c);
  write_imagef(w1b, i, a + c);
  write_imagei(w2, (int2)(i, 0), b);
  write_imagef(w2a, (int4)(i, 0, 1, 0), c);
  write_imageui(w3, (int4)(i, 0, 1, 0), d);
}
