//! kernel transpose_tiles
//! global 16,8
//! local 4,4
//! arg buffer<float2> 128 random
//! arg buffer<float2> 128 out
//! arg int 8
//! arg int 16

// The 2-D transpose of an FFT library: complex (float2) data, a tile in
// local memory with a padded row, every pointer offset to the work-item's
// row before use. in is rows x cols, out is cols x rows.
#define TILE 4

void store_row(__global float2 *restrict out, const __local float2 *src, int stride) {
  out[get_local_id(0)] = src[get_local_id(0) * stride];
}

__kernel void transpose_tiles(__global const float2 *restrict in, __global float2 *restrict out,
                              int rows, int cols) {
  __local float2 tile[TILE][TILE + 1];
  const int gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
  const int lx = get_local_id(0), ly = get_local_id(1);
  in += (gy + ly) * cols + gx;
  __local float2 *t = &tile[ly][0];
  t[lx] = in[lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out += (gx + ly) * rows;
  out = &out[gy];
  __local float2 *s = tile[0];
  s += ly;
  store_row(out, s, TILE + 1);
}
