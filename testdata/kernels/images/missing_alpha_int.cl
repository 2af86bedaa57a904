//! kernel missing_alpha_int
//! global 6
//! arg image1d<r,uint16> 6 random
//! arg image1d<r,int32> 6 random
//! arg image1d<r,float> 6 random
//! arg buffer<uint4> 18 out

// A channel the format lacks reads as 0, alpha as 1 (OpenCL C 2.0 §8.3.1,
// "Mapping image channels to color values": CL_R is (r, 0, 0, 1)), for
// read_imagei and read_imageui as for read_imagef. PoCL 3.1 returns
// alpha 0 from integer CL_R images (alpha 1.0 from float ones), so this
// kernel is in known_differences.txt: clgo follows the spec.
kernel void missing_alpha_int(read_only image1d_t u, read_only image1d_t s, read_only image1d_t f,
                              global uint4 *out) {
  int i = get_global_id(0);
  out[3 * i] = read_imageui(u, i);
  out[3 * i + 1] = as_uint4(read_imagei(s, i));
  out[3 * i + 2] = as_uint4(read_imagef(f, i));
}
