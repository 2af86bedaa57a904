//! kernel local_arg_ptr
//! global 64
//! local 16
//! arg buffer<float> 64 random
//! arg local<float> 16
//! arg buffer<float> 64 out
//! tolerance 1e-6

// A __local pointer kernel argument used with pointer arithmetic.
kernel void local_arg_ptr(global const float *in, local float *scratch, global float *out) {
  int l = get_local_id(0);
  local float *mine = scratch + l;
  *mine = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  local float *other = scratch + ((l + 5) % 16);
  out[get_global_id(0)] = *mine - *other + (float)(other - scratch);
}
