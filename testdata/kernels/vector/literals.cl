//! kernel literals
//! global 64
//! arg buffer<int8> 64 out

// Vector literals: splat, per-component, built from smaller vectors.
kernel void literals(global int8 *out) {
  int i = get_global_id(0);
  int2 a = (int2)(i, i + 1);
  int4 b = (int4)(a, 7, -i);
  int4 c = (int4)(9);
  int8 d = (int8)(b, c) + (int8)(1, 2, a, b.xy, 3, 4);
  out[i] = d + (int8)((int4)(i), (int2)(1), a);
}
