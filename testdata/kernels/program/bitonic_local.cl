//! kernel bitonic_local
//! global 256
//! local 128
//! arg buffer<int> 256 random(-10000,10000)
//! arg buffer<int> 256 out

// A complete bitonic sort of each work-group's 128 keys in __local memory.
kernel void bitonic_local(global const int *in, global int *out) {
  local int k[128];
  int l = get_local_id(0);
  k[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int size = 2; size <= 128; size <<= 1) {
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
      int partner = l ^ stride;
      int a = k[l], b = k[partner];
      bool up = (l & size) == 0;
      bool keep_min = (l < partner) == up;
      barrier(CLK_LOCAL_MEM_FENCE);
      k[l] = keep_min ? min(a, b) : max(a, b);
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  out[get_global_id(0)] = k[l];
}
