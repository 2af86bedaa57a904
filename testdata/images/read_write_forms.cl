//! kernel read_write_forms
//! options -cl-std=CL2.0
// read_write images of every type: read without a sampler (OpImageRead),
// write (OpImageWrite), queried with OpImageQuerySize.
kernel void read_write_forms(read_write image1d_t a, read_write image1d_array_t b, read_write image1d_buffer_t c,
                             read_write image2d_array_t d, read_write image3d_t e, global int *sizes) {
  int i = get_global_id(0);
  write_imagef(a, i, read_imagef(a, i) * 2.0f);
  write_imagei(b, (int2)(i, 1), read_imagei(b, (int2)(i, 0)) + 1);
  write_imageui(c, i, read_imageui(c, i) | 1u);
  write_imagef(d, (int4)(i, 0, 1, 0), read_imagef(d, (int4)(i, 0, 0, 0)));
  write_imagei(e, (int4)(i, 1, 2, 0), read_imagei(e, (int4)(i, 0, 0, 0)));
  sizes[0] = get_image_width(a) + get_image_width(b) + (int)get_image_array_size(b) + get_image_width(c);
  int2 dd = get_image_dim(d);
  int4 ed = get_image_dim(e);
  sizes[1] = dd.x + dd.y + (int)get_image_array_size(d) + ed.x + ed.y + ed.z + get_image_depth(e);
  sizes[2] = get_image_channel_order(e) + get_image_channel_data_type(c);
}
