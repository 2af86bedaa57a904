//! kernel short_view
//! global 64
//! arg buffer<float> 64 random(-4,4)
//! arg buffer<ushort> 128 out

// Reading a float buffer as ushort halves through a pointer cast.
kernel void short_view(global const float *in, global ushort *out) {
  int g = get_global_id(0);
  global const ushort *s = (global const ushort *)(in + g);
  out[2 * g] = s[1];
  out[2 * g + 1] = s[0];
}
