//! kernel two_local_args
//! global 128
//! local 32
//! arg buffer<float> 128 random
//! arg local<float> 32
//! arg local<int> 32
//! arg buffer<float> 128 out
//! tolerance 1e-6

// Two __local pointer arguments of different element types.
kernel void two_local_args(global const float *in, local float *fs, local int *is,
                           global float *out) {
  int l = get_local_id(0);
  fs[l] = in[get_global_id(0)];
  is[l] = l * l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = fs[31 - l] * (float)is[(l + 3) & 31];
}
