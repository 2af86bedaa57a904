//! kernel formats_int
//! global 7,3
//! arg image2d<rgba,int8> 7x3 random
//! arg image2d<r,uint16> 7x3 random
//! arg image2d<rgba,int32> 7x3 random
//! arg image2d<rgba,uint8> 7x3 random
//! arg image2d<rgba,uint32> 7x3 random
//! arg image2d<r,int16> 7x3 out
//! arg image2d<rgba,uint8> 7x3 out
//! arg image2d<rgba,int16> 7x3 out
//! arg image2d<r,uint32> 7x3 out
//! arg image2d<r,int8> 7x3 out
//! arg buffer<int4> 84 out

// read_imagei/read_imageui and write_imagei/write_imageui on the signed
// and unsigned formats of 8, 16 and 32 bits in R and RGBA order (BGRA
// is a normalized-only order in OpenCL's minimum list, and lavapipe has
// no storage BGRA integer formats, which kspec's read-write images need):
// reads with and without a sampler (nearest, CLAMP: past the edge the
// border (0,0,0,0)), and writes that saturate to the channel's range
// (convert_char_sat etc., OpenCL C §8.3.3).
constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

kernel void formats_int(read_only image2d_t i8, read_only image2d_t u16, read_only image2d_t i32,
                        read_only image2d_t u8, read_only image2d_t u32, write_only image2d_t w_i16,
                        write_only image2d_t w_u8, write_only image2d_t w_i16x4, write_only image2d_t w_u32,
                        write_only image2d_t w_r_i8, global int4 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  int i = p.y * 7 + p.x;
  int2 q = p * 2 - 3; // past every edge
  int4 a = read_imagei(i8, p);
  uint4 b = read_imageui(u16, border, q);
  int4 c = read_imagei(i32, border, q);
  uint4 d = read_imageui(u8, p);
  out[4 * i] = a + read_imagei(i8, border, q);
  out[4 * i + 1] = as_int4(b + read_imageui(u16, p)).xyzz; // alpha: missing_alpha_int.cl
  out[4 * i + 2] = c;
  out[4 * i + 3] = as_int4(d ^ read_imageui(u32, border, q));
  write_imagei(w_i16, p, a * 300);
  write_imageui(w_u8, p, d * 3u);
  write_imagei(w_i16x4, p, c >> 12);
  write_imageui(w_u32, p, read_imageui(u32, p) + b);
  write_imagei(w_r_i8, p, (int4)(a.x, -200, 200, (int)d.w - 128));
}
