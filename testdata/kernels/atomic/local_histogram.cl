//! kernel local_histogram
//! global 2048
//! local 128
//! arg buffer<uchar> 2048 random(0,15)
//! arg buffer<uint> 16 zero

// A 16-bin histogram: local atomics per work-group, then global atomics.
kernel void local_histogram(global const uchar *in, global uint *bins) {
  local uint h[16];
  int l = get_local_id(0);
  if (l < 16) h[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&h[in[get_global_id(0)]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 16) atomic_add(&bins[l], h[l]);
}
