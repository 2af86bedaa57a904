//! kernel local_vectors
//! global 128
//! local 64
//! arg buffer<float4> 128 random
//! arg buffer<float4> 128 out
//! tolerance 1e-6

// __local memory holding float4 vectors, with component writes.
kernel void local_vectors(global const float4 *in, global float4 *out) {
  local float4 v[64];
  int l = get_local_id(0);
  v[l] = in[get_global_id(0)];
  v[l].w = (float)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = v[l ^ 1] + v[l].wzyx;
}
