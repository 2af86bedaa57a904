//! kernel tile_shapes
//! global 32,16
//! local 16,8
//! arg buffer<float> 512 random
//! arg buffer<float> 512 out
//! arg buffer<float> 1024 out
//! arg int 32
//! arg int 3

// Two-dimensional access shapes of the host's native tier: with rows of
// 16 work-items (whole chunks) get_local_id(1) is one value per chunk, so
// tile[ly][lx] is a Uniform row offset plus a varying column,
// tile[lx][c] a varying row offset plus a Uniform column, and
// pair[2 * i + k] a stride of two words (a float2's components).
#define W 16
kernel void tile_shapes(global const float *in, global float *out,
                        global float *pairs, int width, int shift) {
  local float tile[W][W + 1];
  int lx = get_local_id(0), ly = get_local_id(1);
  int x = get_global_id(0), y = get_global_id(1);
  tile[ly][lx] = in[y * width + x];
  tile[ly + 8][lx] = in[y * width + x] * 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  // A column read with a row-uniform column, and one shifted by a
  // kernel argument (a run-time Uniform index).
  int c = (ly * 5 + shift) % W;
  float a = tile[lx][c] - tile[(lx + shift) % W][ly];
  out[y * width + x] = a + tile[ly][W - 1 - lx];
  // Every other word: both components of a float2 per work-item.
  int i = y * width + x;
  pairs[2 * i] = a;
  pairs[2 * i + 1] = tile[c][lx] + pairs[2 * i];
}
