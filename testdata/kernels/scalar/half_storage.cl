//! kernel half_storage
//! global 128
//! arg buffer<float> 128 random(-1000,1000)
//! arg buffer<half> 128 out
//! arg buffer<float> 128 out

// half as a storage format: vstore_half rounds (to nearest even), vload_half widens.
kernel void half_storage(global const float *in, global half *h, global float *back) {
  int i = get_global_id(0);
  vstore_half(in[i], i, h);
  back[i] = vload_half(i, (global const half *)h) * 2.0f;
}
