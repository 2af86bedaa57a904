//! kernel select_scalar
//! global 64
//! arg buffer<float> 64 random(-1,1)
//! arg buffer<float> 64 out
//! arg buffer<int> 64 out

// Scalar select tests c != 0 (not the sign bit); vector select of ints and floats.
kernel void select_scalar(global const float *a, global float *out, global int *io) {
  int g = get_global_id(0);
  float x = a[g];
  out[g] = select(x, -x, x < 0.0f) + select(0.0f, 1.0f, g & 1);
  int2 r = select((int2)(1, 2), (int2)(3, 4), (int2)(g & 2 ? -1 : 0, g > 32 ? -1 : 0));
  io[g] = r.x * 10 + r.y + select(5, 6, (uint)(g & 4));
}
