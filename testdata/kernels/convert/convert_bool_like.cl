//! kernel convert_bool_like
//! global 64
//! arg buffer<int4> 64 random(-2,2)
//! arg buffer<float4> 64 out

// Converting a comparison mask (-1/0) to float gives -1.0/0.0.
kernel void convert_bool_like(global const int4 *a, global float4 *out) {
  int g = get_global_id(0);
  int4 m = a[g] > 0;
  out[g] = convert_float4(m) + convert_float4(-m) * 2.0f;
}
