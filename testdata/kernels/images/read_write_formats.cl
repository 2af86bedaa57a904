//! kernel read_write_formats
//! global 6,4
//! arg image2d<r,float> 6x4 random
//! arg image2d<rgba,unorm8> 6x4 random
//! arg image1d_buffer<rgba,int16> 6 random
//! arg buffer<float4> 24 out
//! options -cl-std=CL2.0
//! tolerance 1e-5

// read_write images of three formats in one kernel: on devices without
// shaderStorageImageReadWithoutFormat (lavapipe) the Vulkan driver
// declares each with its format (docs/images.md).
kernel void read_write_formats(read_write image2d_t a, read_write image2d_t b,
                               read_write image1d_buffer_t c, global float4 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 va = read_imagef(a, p);
  float4 vb = read_imagef(b, p);
  write_imagef(a, p, va * 2.0f + vb.y);
  write_imagef(b, p, vb.wzyx);
  int4 vc = (int4)(0);
  if (p.y == 0) {
    vc = read_imagei(c, p.x);
    write_imagei(c, p.x, vc + (int4)(p.x, 1, 0, 0));
  }
  out[p.y * 6 + p.x] = va + vb + convert_float4(vc);
}
