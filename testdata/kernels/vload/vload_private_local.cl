//! kernel vload_private_local
//! global 64
//! local 32
//! arg buffer<float> 256 random
//! arg buffer<float> 256 out
//! tolerance 1e-6

// vload/vstore on private and __local arrays and __constant data.
constant float cw[8] = {1, 2, 3, 4, 5, 6, 7, 8};

kernel void vload_private_local(global const float *in, global float *out) {
  local float lbuf[128];
  int l = get_local_id(0), g = get_global_id(0);
  float priv[4];
  for (int k = 0; k < 4; k++) priv[k] = in[4 * g + k];
  float4 p = vload4(0, priv);
  vstore4(p * 2.0f, l, lbuf);
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 q = vload4((l + 1) % 32, lbuf);
  float4 c = vload4(l & 1, cw);
  vstore4(q + c, g, out);
}
