//! kernel queries
// The get_image_* queries on every image type, with the channel order and
// data type the runtime passes in push constants. Compile-only (its
// reflection is checked in compiler/lower): PoCL 3.1's kernel library has
// no get_image_channel_order for 1D buffer images; image_queries.cl in
// testdata/kernels/images runs the rest against it.
kernel void queries(read_only image1d_t i1, read_only image1d_array_t i1a, read_only image1d_buffer_t i1b,
                    read_only image2d_t i2, write_only image2d_array_t i2a, read_only image3d_t i3,
                    global int *out) {
  out[0] = get_image_width(i1);
  out[1] = get_image_width(i1a);
  out[2] = (int)get_image_array_size(i1a);
  out[3] = get_image_width(i1b);
  int2 d2 = get_image_dim(i2);
  out[4] = d2.x;
  out[5] = d2.y;
  out[6] = get_image_height(i2a);
  out[7] = (int)get_image_array_size(i2a);
  int4 d3 = get_image_dim(i3);
  out[8] = d3.x * d3.y * d3.z + d3.w;
  out[9] = get_image_channel_order(i2);
  out[10] = get_image_channel_data_type(i2);
  out[11] = get_image_channel_data_type(i2a);
  out[12] = get_image_channel_order(i1b);
}
