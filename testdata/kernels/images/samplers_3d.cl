//! kernel samplers_3d
//! global 10,8,6
//! arg image3d<rgba,unorm16> 4x3x2 random
//! arg image1d<rgba,float> 5 random(-2,2)
//! arg buffer<float4> 15360 out
//! tolerance 1e-4

// samplers_2d.cl's 16 samplers on a 3D image (trilinear filtering, every
// coordinate out of range on its own and together) and on a 1D image,
// through samplers chosen at run time from a table of literal samplers.
// Coordinates keep a quarter texel away from texel edges and centres;
// ADDRESS_NONE's stay inside [0.75, size - 0.75].
#define N CLK_NORMALIZED_COORDS_TRUE
#define U CLK_NORMALIZED_COORDS_FALSE
#define NEAR CLK_FILTER_NEAREST
#define LIN CLK_FILTER_LINEAR

#define SAMPLE(k, norm, addr, filt)                                                \
  {                                                                                \
    float4 c = (addr) == CLK_ADDRESS_NONE ? inside : xyz;                          \
    float u = (addr) == CLK_ADDRESS_NONE ? inside.x : xyz.x;                       \
    if ((norm) == N) {                                                             \
      c /= size;                                                                   \
      u /= 5.0f;                                                                   \
    }                                                                              \
    out[2 * ((k) * 480 + i)] = read_imagef(vol, (norm) | (addr) | (filt), c);      \
    out[2 * ((k) * 480 + i) + 1] = read_imagef(line, (norm) | (addr) | (filt), u); \
  }

kernel void samplers_3d(read_only image3d_t vol, read_only image1d_t line, global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  int i = (z * 8 + y) * 10 + x;
  float4 size = (float4)(get_image_width(vol), get_image_height(vol), get_image_depth(vol), 1.0f);
  float4 xyz = (float4)(-1.25f + 0.75f * x, -1.25f + 0.75f * y, -1.25f + 0.75f * z, 0.0f);
  float4 inside = (float4)(0.75f + 0.5f * (x % 6), 0.75f + 0.5f * (y % 4), 0.75f + 0.5f * (z % 2), 0.0f);
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
