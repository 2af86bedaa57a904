//! kernel ptr_array
//! global 32
//! arg buffer<int> 32 random(0,100)
//! arg buffer<int> 32 random(0,100)
//! arg buffer<int> 32 out

// An array of pointers in private memory selecting between buffers.
kernel void ptr_array(global const int *a, global const int *b, global int *out) {
  int g = get_global_id(0);
  global const int *srcs[2] = {a, b};
  int s = 0;
  for (int k = 0; k < 4; k++)
    s += srcs[k & 1][(g + k) & 31];
  out[g] = s;
}
