//! kernel half_private
//! global 64
//! arg buffer<float> 64 random(-10,10)
//! arg buffer<float> 64 out

// vstore_half / vload_half through a half pointer into a private ushort array.
kernel void half_private(global const float *in, global float *out) {
  int i = get_global_id(0);
  ushort raw[4];
  half *tmp = (half *)raw;
  vstore_half(in[i], 0, tmp);
  vstore_half(in[i] * 0.5f, 1, tmp);
  vstore_half_rtp(in[i] * 3.0f, 2, tmp);
  vstore_half_rtn(in[i] * 3.0f, 3, tmp);
  out[i] = vload_half(0, tmp) + vload_half(1, tmp) + vload_half(2, tmp) - vload_half(3, tmp);
}
