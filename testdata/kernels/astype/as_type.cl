//! kernel as_type
//! global 64
//! arg buffer<float> 64 random(-10,10)
//! arg buffer<uint> 64 out
//! arg buffer<float> 64 out

// as_uint / as_float reinterpret bits: flip the sign bit, then view back.
kernel void as_type(global const float *a, global uint *bits, global float *back) {
  int g = get_global_id(0);
  uint u = as_uint(a[g]);
  bits[g] = u;
  back[g] = as_float(u ^ 0x80000000u);
}
