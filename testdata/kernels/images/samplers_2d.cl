//! kernel samplers_2d
//! global 16,12
//! arg image2d<rgba,float> 5x4 random(-1,1)
//! arg buffer<float4> 3072 out
//! tolerance 1e-5

// Every valid sampler of OpenCL C §6.13.14.1 on a 2D image: the five
// addressing modes x normalized and unnormalized coordinates x nearest
// and linear filtering (REPEAT and MIRRORED_REPEAT take normalized
// coordinates only: 16 samplers, all literal). Coordinates run from
// 1.25 texels before the image to 1.25 texels past it, always a quarter
// texel away from texel edges and centres, so that floor() is the same
// whether a coordinate was normalized and scaled back or not. ADDRESS_NONE
// is undefined outside the image, and linear filtering reads the texels
// around u - 0.5: its coordinates stay in [0.75, size - 0.75]. The image has an alpha channel, so CLAMP's border is (0,0,0,0)
// for PoCL and the spec alike (border_r.cl is the case where they differ).

#define N CLK_NORMALIZED_COORDS_TRUE
#define U CLK_NORMALIZED_COORDS_FALSE
#define NEAR CLK_FILTER_NEAREST
#define LIN CLK_FILTER_LINEAR

#define SAMPLE(k, norm, addr, filt)                                          \
  {                                                                          \
    float2 c = (addr) == CLK_ADDRESS_NONE ? inside : xy;                     \
    if ((norm) == N)                                                         \
      c /= size;                                                             \
    out[((k) * 12 + y) * 16 + x] = read_imagef(img, (norm) | (addr) | (filt), c); \
  }

kernel void samplers_2d(read_only image2d_t img, global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  float2 size = (float2)(get_image_width(img), get_image_height(img));
  // 16 x 12 points from (-1.25, -1.25) in steps of half a texel.
  float2 xy = (float2)(-1.25f + 0.5f * x, -1.25f + 0.5f * y);
  // The same grid folded into [0.75, size - 0.75].
  float2 inside = (float2)(0.75f + 0.5f * (x % 8), 0.75f + 0.5f * (y % 6));
  SAMPLE(0, N, CLK_ADDRESS_NONE, NEAR)
  SAMPLE(1, N, CLK_ADDRESS_NONE, LIN)
  SAMPLE(2, N, CLK_ADDRESS_CLAMP_TO_EDGE, NEAR)
  SAMPLE(3, N, CLK_ADDRESS_CLAMP_TO_EDGE, LIN)
  SAMPLE(4, N, CLK_ADDRESS_CLAMP, NEAR)
  SAMPLE(5, N, CLK_ADDRESS_CLAMP, LIN)
  SAMPLE(6, N, CLK_ADDRESS_REPEAT, NEAR)
  SAMPLE(7, N, CLK_ADDRESS_REPEAT, LIN)
  SAMPLE(8, N, CLK_ADDRESS_MIRRORED_REPEAT, NEAR)
  SAMPLE(9, N, CLK_ADDRESS_MIRRORED_REPEAT, LIN)
  SAMPLE(10, U, CLK_ADDRESS_NONE, NEAR)
  SAMPLE(11, U, CLK_ADDRESS_NONE, LIN)
  SAMPLE(12, U, CLK_ADDRESS_CLAMP_TO_EDGE, NEAR)
  SAMPLE(13, U, CLK_ADDRESS_CLAMP_TO_EDGE, LIN)
  SAMPLE(14, U, CLK_ADDRESS_CLAMP, NEAR)
  SAMPLE(15, U, CLK_ADDRESS_CLAMP, LIN)
}
