//! kernel as_vec3
//! global 64
//! arg buffer<int4> 64 random
//! arg buffer<uint4> 64 out

// as_T with 3-component vectors, which have the size of 4-component ones.
kernel void as_vec3(global const int4 *a, global uint4 *out) {
  int g = get_global_id(0);
  int4 v = a[g];
  uint3 u = as_uint3(v.xyz);
  out[g] = (uint4)(u, as_uint(v.w) >> 4);
}
