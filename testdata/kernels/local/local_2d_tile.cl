//! kernel local_2d_tile
//! global 32,32
//! local 8,8
//! arg buffer<int> 1024 iota
//! arg buffer<int> 1024 out

// A 2-D __local tile with a barrier; each item reads its mirror in the tile.
kernel void local_2d_tile(global const int *in, global int *out) {
  local int tile[8][8];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_global_id(0), gy = get_global_id(1);
  tile[ly][lx] = in[gy * 32 + gx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gy * 32 + gx] = tile[7 - ly][7 - lx] - tile[ly][lx];
}
