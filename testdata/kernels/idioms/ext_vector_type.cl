//! kernel ext_vector_type
//! global 16
//! arg buffer<float4> 16 random
//! arg buffer<float4> 16 out
//! arg buffer<int> 16 out
//! tolerance 1e-6

// Vector typedefs made with clang's ext_vector_type, as headers shared with
// C++ host code write them: the same types as float4 and int2, with their
// swizzles, literals, builtins and conversions.
typedef float vec4 __attribute__((ext_vector_type(4)));
typedef int ivec2 __attribute__((ext_vector_type(2)));
typedef unsigned char byte16 __attribute__((ext_vector_type(16)));

static vec4 scale(float4 v, float s) { return v * s; }

kernel void ext_vector_type(global const vec4 *in, global float4 *out, global int *n) {
  int i = get_global_id(0);
  vec4 v = in[i];
  ivec2 w = (ivec2)(i, 2 * i);
  vec4 r = scale(v, 2.0f) + (vec4)(w.x, w.y, 1.0f, 0.5f);
  r.xy = r.yx;
  out[i] = r + (float4)dot(v, r);
  byte16 b = (byte16)(i);
  b.s5 = 7;
  n[i] = w.y + convert_int(b.s5) + (int)sizeof(byte16) + vec_step(ivec2) * 100;
}
