//! kernel second
//! global 32
//! arg buffer<int> 32 out

// A program with several kernels and shared helpers; the spec launches the second one.
int helper(int x) { return x * x + 1; }
kernel void first(global int *out) { out[get_global_id(0)] = helper(1); }
kernel void second(global int *out) { out[get_global_id(0)] = helper((int)get_global_id(0)); }
kernel void third(global float *out) { out[get_global_id(0)] = 0.5f; }
