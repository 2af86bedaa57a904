//! kernel barrier_loop
//! global 256
//! local 64
//! arg buffer<float> 256 random
//! arg buffer<float> 256 out
//! tolerance 1e-5

// Barriers inside a loop: repeated neighbour averaging in local memory.
kernel void barrier_loop(global const float *in, global float *out) {
  local float a[64];
  int l = get_local_id(0);
  a[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int it = 0; it < 5; it++) {
    float v = (a[(l + 63) % 64] + a[l] + a[(l + 1) % 64]) / 3.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = a[l];
}
