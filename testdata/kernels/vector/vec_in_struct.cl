//! kernel vec_in_struct
//! global 64
//! arg buffer<float4> 64 random
//! arg buffer<float4> 64 out
//! tolerance 1e-6

// Vectors as struct members and array elements in private memory.
typedef struct {
  float4 pos;
  float2 uv;
  float3 n;
} vertex;

kernel void vec_in_struct(global const float4 *a, global float4 *out) {
  int i = get_global_id(0);
  vertex v[2];
  v[0].pos = a[i];
  v[0].uv = a[i].xy;
  v[0].n = a[i].yzw;
  v[1] = v[0];
  v[1].pos.x = 5.0f;
  v[1].n.z += v[1].uv.y;
  out[i] = v[1].pos + (float4)(v[1].n, v[0].uv.x);
}
