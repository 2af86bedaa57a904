//! kernel table
//! global 64
//! arg buffer<uchar> 64 random
//! arg buffer<int> 64 out

// A program-scope __constant lookup table (population count of a nibble).
constant int popc4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

kernel void table(global const uchar *a, global int *out) {
  int g = get_global_id(0);
  uchar v = a[g];
  out[g] = popc4[v & 15] + popc4[v >> 4];
}
