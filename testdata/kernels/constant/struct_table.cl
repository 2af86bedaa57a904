//! kernel struct_table
//! global 32
//! arg buffer<float> 32 random
//! arg buffer<float> 32 out
//! tolerance 1e-6

// __constant arrays of structs with designated initializers.
typedef struct { float scale; float bias; int flags; } coeff;

__constant coeff coeffs[4] = {
  {1.0f, 0.0f, 0},
  {2.0f, -1.0f, 1},
  [3] = {.bias = 0.5f, .scale = -1.0f},
};

kernel void struct_table(global const float *a, global float *out) {
  int g = get_global_id(0);
  coeff c = coeffs[g & 3];
  out[g] = a[g] * c.scale + c.bias + (float)c.flags;
}
