//! kernel difference
//! global 64
//! arg buffer<float> 512 random
//! arg buffer<long> 64 out

// Pointer difference counts elements; comparison orders positions in one buffer.
kernel void difference(global const float *in, global long *out) {
  int g = get_global_id(0);
  global const float *a = in + g;
  global const float *b = in + 8 * g + 3;
  long d = b - a;
  int less = a < b, eq = a == in + g, ge = b >= a;
  out[g] = d * 1000 + less * 100 + eq * 10 + ge;
}
