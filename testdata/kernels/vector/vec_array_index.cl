//! kernel vec_array_index
//! global 64
//! arg buffer<float16> 64 random
//! arg buffer<float> 64 out

// Reading a vector's components through a dynamic index into a pointer to its scalars.
kernel void vec_array_index(global const float16 *a, global float *out) {
  int i = get_global_id(0);
  float16 v = a[i];
  float *p = (float *)&v;
  float s = 0.0f;
  for (int k = 0; k < 16; k += (i % 3) + 1)
    s += p[k];
  out[i] = s;
}
