//! kernel integer_images
//! global 9,7
//! arg image2d<rgba,uint16> 9x7 random
//! arg image2d<rgba,int8> 9x7 random
//! arg image2d<rgba,uint16> 9x7 out
//! arg image2d<rgba,int8> 9x7 out
// Integer images: read_imageui without a sampler, read_imagei with the
// sampler mask written in the call, write_imageui/write_imagei.
kernel void integer_images(read_only image2d_t u, read_only image2d_t s,
                           write_only image2d_t uo, write_only image2d_t so) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  uint4 a = read_imageui(u, p);
  int4 b = read_imagei(s, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST, p);
  write_imageui(uo, p, a * 2u + (uint4)(1u));
  write_imagei(so, p, -b);
}
