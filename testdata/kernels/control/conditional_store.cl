//! kernel conditional_store
//! global 256
//! arg buffer<float> 256 random(-1,1)
//! arg buffer<float> 256 zero

// Work-items write only when a condition holds; the rest of the buffer stays zero.
kernel void conditional_store(global const float *a, global float *out) {
  int g = get_global_id(0);
  if (a[g] > 0.25f)
    out[g] = a[g];
}
