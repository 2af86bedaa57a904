//! kernel relational
//! global 64
//! arg buffer<float> 64 [1.0,-2.0,0.0,-0.0,infinity,-infinity,nan,3.5]
//! arg buffer<float> 64 random(-2,2)
//! arg buffer<int> 768 out

// Scalar relational builtins return 1/0: isequal ... isnan, signbit, isordered, any, all.
kernel void relational(global const float *a, global const float *b, global int *out) {
  int g = get_global_id(0);
  float x = a[g], y = b[g];
  global int *o = out + 12 * g;
  o[0] = isequal(x, y); o[1] = isnotequal(x, y); o[2] = isgreater(x, y);
  o[3] = isgreaterequal(x, y); o[4] = isless(x, y); o[5] = islessequal(x, y);
  o[6] = islessgreater(x, y); o[7] = isfinite(x); o[8] = isinf(x) * 2 + isnan(x);
  o[9] = isnormal(x); o[10] = signbit(x); o[11] = isordered(x, y) * 2 + isunordered(x, x);
}
