//! kernel gaussian_blur
//! global 512,512
//! arg image2d<rgba,unorm8> 512x512 random
//! arg image2d<rgba,unorm8> 512x512 out
//! arg sampler unnormalized,clamp_to_edge,nearest
//! arg float 1.5
//! arg int 3

// A Gaussian blur of an RGBA image: each output pixel is the weighted mean
// of the (2*radius+1)^2 pixels around it, weights exp(-(dx²+dy²)/(2σ²)).
// The source is read through the sampler the host passes (unnormalized
// coordinates at texel centres, CLAMP_TO_EDGE, so the edge pixels repeat
// past the border), the result written as normalized colour. The example
// programs in this directory (main.go, filter.py) run it on PNG files;
// testdata/kernels/images/gaussian_blur.cl links here, so internal/corpus
// also checks it against PoCL.
kernel void gaussian_blur(read_only image2d_t src, write_only image2d_t dst, sampler_t s,
                          float sigma, int radius) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  if (p.x >= get_image_width(dst) || p.y >= get_image_height(dst))
    return;
  float k = -0.5f / (sigma * sigma);
  float4 sum = (float4)(0.0f);
  float total = 0.0f;
  for (int dy = -radius; dy <= radius; dy++) {
    for (int dx = -radius; dx <= radius; dx++) {
      float w = exp((float)(dx * dx + dy * dy) * k);
      sum += w * read_imagef(src, s, (float2)(p.x + dx + 0.5f, p.y + dy + 0.5f));
      total += w;
    }
  }
  write_imagef(dst, p, sum / total);
}
