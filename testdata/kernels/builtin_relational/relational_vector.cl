//! kernel relational_vector
//! global 64
//! arg buffer<float4> 64 random(-1,1)
//! arg buffer<float4> 64 random(-1,1)
//! arg buffer<int4> 256 out
//! arg buffer<int> 128 out

// Vector relational builtins return -1/0 per component; any/all test the sign bits.
kernel void relational_vector(global const float4 *a, global const float4 *b, global int4 *out,
                              global int *o2) {
  int g = get_global_id(0);
  float4 x = a[g], y = b[g];
  out[4 * g + 0] = isgreater(x, y);
  out[4 * g + 1] = islessequal(x, y) + isnan(x / (x - x));
  out[4 * g + 2] = signbit(x) ^ isinf(y * 1e38f * 1e38f);
  out[4 * g + 3] = isnotequal(x.xxyy, x.xyxy);
  o2[2 * g] = any(x > y) + 2 * all(x > -0.9f);
  o2[2 * g + 1] = any((int2)(g, -g)) + all((short4)(-1, -2, -3, (short)(-g)));
}
