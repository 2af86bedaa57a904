//! kernel depth
//! options -cl-std=CL2.0
// Depth images: one float channel, read with and without a sampler,
// written, queried. Compile-only: PoCL 3.1 reports no CL_DEPTH format and
// its kernel library has no depth-image built-ins, so there is no
// reference to run it against.
kernel void depth(read_only image2d_depth_t d, read_only image2d_array_depth_t da,
                  write_only image2d_depth_t out, sampler_t s) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float z = read_imagef(d, s, (float2)(p.x + 0.5f, p.y + 0.5f)) + read_imagef(d, p)
          + read_imagef(da, s, (int4)(p, 1, 0)) + read_imagef(da, (int4)(p, 0, 0));
  write_imagef(out, p, z / (get_image_width(d) * (float)get_image_array_size(da)));
}
