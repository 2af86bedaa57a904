//! kernel const_arg
//! global 64
//! arg buffer<int> 64 iota
//! arg buffer<int> 8 [3,1,4,1,5,9,2,6]
//! arg buffer<int> 64 out

// A __constant pointer kernel argument read at data-dependent indices.
kernel void const_arg(global const int *a, constant int *lut, global int *out) {
  int g = get_global_id(0);
  out[g] = lut[a[g] & 7] * lut[(a[g] >> 3) & 7];
}
