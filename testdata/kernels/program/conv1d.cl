//! kernel conv1d
//! global 256
//! local 64
//! arg buffer<float> 272 random(-1,1)
//! arg buffer<float> 17 random(-1,1)
//! arg buffer<float> 256 out
//! tolerance 1e-5

// 1-D convolution with a 17-tap filter; the input window (with halo) is staged in __local memory.
kernel void conv1d(global const float *in, constant float *taps, global float *out) {
  local float win[64 + 16];
  int l = get_local_id(0), g = get_global_id(0), base = get_group_id(0) * 64;
  win[l] = in[base + l];
  if (l < 16) win[64 + l] = in[base + 64 + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  float s = 0.0f;
  for (int k = 0; k < 17; k++) s += win[l + k] * taps[k];
  out[g] = s;
}
