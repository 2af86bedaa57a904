//! kernel helpers_chain
//! global 64
//! arg buffer<float> 64 random(-2,2)
//! arg buffer<float> 64 out
//! tolerance 1e-5

// A chain of helpers calling helpers, with scalar and vector parameters and returns.
float sq(float x) { return x * x; }
float2 rot(float2 v, float c, float s) { return (float2)(c * v.x - s * v.y, s * v.x + c * v.y); }
float len2(float2 v) { return sq(v.x) + sq(v.y); }
float poly(float x) { return len2(rot((float2)(x, 1.0f), 0.6f, 0.8f)) + sq(x); }

kernel void helpers_chain(global const float *in, global float *out) {
  int g = get_global_id(0);
  out[g] = poly(in[g]);
}
