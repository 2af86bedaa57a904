kernel void dotk(const int n, global const float *x, global const float *y, global float *partial, local float *scratch) {
  float acc = 0.0f;
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    acc += x[i] * y[i];
  int lid = get_local_id(0);
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
//! kernel dotk
//! global 16384
//! local 256
//! arg int 4194304
//! arg buffer<float> 4194304 random
//! arg buffer<float> 4194304 random
//! arg buffer<float> 64 out
//! arg local<float> 256
//! tolerance 1e-4
