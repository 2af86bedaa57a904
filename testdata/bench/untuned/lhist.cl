kernel void lhist(global const uint *data, global uint *bins, local uint *h) {
  int lid = get_local_id(0);
  h[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = data[get_global_id(0)];
  atomic_inc(&h[v & 255]);
  atomic_inc(&h[(v >> 8) & 255]);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&bins[get_group_id(0) * 256 + lid], h[lid]);
}
//! kernel lhist
//! global 1048576
//! local 256
//! arg buffer<uint> 1048576 random
//! arg buffer<uint> 1048576 zero
//! arg local<uint> 256
