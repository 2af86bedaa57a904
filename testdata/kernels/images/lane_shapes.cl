//! kernel lane_shapes
//! global 24,6
//! local 8,2
//! arg image2d<rgba,unorm8> 7x5 random
//! arg image1d<rgba,float> 9 random(-2,2)
//! arg sampler unnormalized,clamp_to_edge,nearest
//! arg buffer<float4> 144 out
//! tolerance 1e-6
// Image reads in the shapes the host's lane tier gives values
// (docs/hosttier.md "Images on the lane tier"): coordinates the same for
// every work-item (Uniform), per work-item ones, a read in a loop whose
// trip count differs per work-item, reads in only some work-items
// (divergent branches), an image and a sampler passed to a helper, and
// size queries. Coordinates run past the images' edges (CLAMP_TO_EDGE,
// and zeros for reads without a sampler).

float4 tap(read_only image2d_t im, sampler_t s, int x, int y) {
  return read_imagef(im, s, (int2)(x, y));
}

kernel void lane_shapes(read_only image2d_t a, read_only image1d_t b, sampler_t s, global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * get_global_size(0) + x;
  float4 acc = tap(a, s, 3, 2);                       // the same for all
  acc += read_imagef(a, s, (int2)(x - 8, y - 1)) * 2.0f; // per work-item
  for (int k = 0; k <= x % 4; k++)                    // trip count varies
    acc += read_imagef(b, s, (float)(x + k - 6)) * 0.5f;
  if (x % 3 == 1)                                     // some work-items
    acc -= read_imagef(a, (int2)(y, x - 10));
  else if (y > 3)
    acc += tap(a, s, get_image_width(a) - x, get_image_height(a) - y);
  acc.w += (float)(get_image_width(b) * 100 + get_image_width(a) * 10 + get_image_height(a));
  out[i] = acc;
}
