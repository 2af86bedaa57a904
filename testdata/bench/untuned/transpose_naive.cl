kernel void t(global const float *in, global float *out, const int n) {
  int x = get_global_id(0), y = get_global_id(1);
  out[x * n + y] = in[y * n + x];
}
//! kernel t
//! global 1024,1024
//! local 16,16
//! arg buffer<float> 1048576 random
//! arg buffer<float> 1048576 out
//! arg int 1024
