kernel void hist(global const uint *data, global uint *bins, const int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&bins[data[i] & 255]);
}
//! kernel hist
//! global 8192
//! local 256
//! arg buffer<uint> 1048576 random
//! arg buffer<uint> 256 zero
//! arg int 1048576
