//! kernel queries_int
//! global 2
//! arg image2d<rgba,uint8> 5x3 zero
//! arg image3d<r,int32> 2x3x4 zero
//! arg image2d_array<rgba,int16> 4x2x3 random
//! arg buffer<int> 16 out

// Images of integer formats whose kernel only queries them: the compiler
// declares such an image with the default float sampled type (it cannot
// know the format), which a driver must accept since no texel is read.
// The third image is also read, as an int image.
kernel void queries_int(read_only image2d_t u, read_only image3d_t s, read_only image2d_array_t a,
                        global int *out) {
  int i = get_global_id(0);
  int4 d = get_image_dim(s);
  out[8 * i] = get_image_width(u);
  out[8 * i + 1] = get_image_height(u);
  out[8 * i + 2] = get_image_channel_data_type(u);
  out[8 * i + 3] = d.x * 100 + d.y * 10 + d.z;
  out[8 * i + 4] = get_image_channel_order(s);
  out[8 * i + 5] = (int)get_image_array_size(a);
  out[8 * i + 6] = read_imagei(a, (int4)(i, 1, 2, 0)).x;
  out[8 * i + 7] = get_image_width(a) + get_image_height(a);
}
