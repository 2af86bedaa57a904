//! kernel image_queries
//! global 1
//! arg image1d<r,float> 5 zero
//! arg image1d_array<rgba,unorm8> 6x3 zero
//! arg image2d<bgra,unorm8> 8x9 zero
//! arg image2d_array<rgba,half> 4x3x2 zero
//! arg image3d<r,snorm16> 2x3x4 zero
//! arg buffer<int> 24 out

// Every get_image_* query on every image type: sizes from the image, the
// channel order and data type (CL_* values) from push constants the
// runtime fills at each launch. (1D buffer images are left to
// testdata/images/queries.cl: PoCL 3.1 has no queries of them.)
kernel void image_queries(read_only image1d_t i1, read_only image1d_array_t i1a, read_only image2d_t i2, write_only image2d_array_t i2a, read_only image3d_t i3,
                          global int *out) {
  out[0] = get_image_width(i1);
  out[1] = get_image_width(i1a);
  out[2] = (int)get_image_array_size(i1a);
  out[3] = get_image_width(i3);
  int2 d2 = get_image_dim(i2);
  out[4] = d2.x;
  out[5] = d2.y;
  out[6] = get_image_height(i2a);
  out[7] = (int)get_image_array_size(i2a);
  int4 d3 = get_image_dim(i3);
  out[8] = d3.x * 100 + d3.y * 10 + d3.z;
  out[9] = d3.w;
  out[10] = get_image_depth(i3);
  out[11] = get_image_width(i2a) + get_image_height(i2) * 100;
  out[12] = get_image_channel_order(i1);
  out[13] = get_image_channel_data_type(i1);
  out[14] = get_image_channel_order(i1a);
  out[15] = get_image_channel_data_type(i1a);
  out[16] = get_image_width(i2);
  out[17] = get_image_channel_order(i2);
  out[18] = get_image_channel_data_type(i2);
  out[19] = get_image_channel_order(i2a);
  out[20] = get_image_channel_data_type(i2a);
  out[21] = get_image_channel_order(i3);
  out[22] = get_image_channel_data_type(i3);
  out[23] = get_image_height(i3);
}
