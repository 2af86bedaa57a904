//! kernel struct_vector_align
//! global 32
//! arg buffer<float> 256 random
//! arg buffer<float> 32 out
//! tolerance 1e-6

// A global struct buffer with a float4 member forces 16-byte alignment and padding.
typedef struct { float s; float4 v; } item;

kernel void struct_vector_align(global const float *raw, global float *out) {
  int g = get_global_id(0);
  global const item *it = (global const item *)raw;
  item x = it[g % 8];
  out[g] = x.s + x.v.x + x.v.w + (float)sizeof(item);
}
