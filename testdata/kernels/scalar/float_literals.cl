//! kernel float_literals
//! global 16
//! arg buffer<float> 128 out

// Float literal forms: suffixes, exponents, hexadecimal floats, integer-to-float.
kernel void float_literals(global float *out) {
  int i = get_global_id(0);
  float base = (float)i;
  out[8 * i + 0] = base + 1.5f;
  out[8 * i + 1] = base * 1e-3f;
  out[8 * i + 2] = base + 0x1.8p1f;
  out[8 * i + 3] = base + .25f;
  out[8 * i + 4] = base + 2.F;
  out[8 * i + 5] = base * 1.0E2f;
  out[8 * i + 6] = base + 3;
  out[8 * i + 7] = -base + 0x10;
}
