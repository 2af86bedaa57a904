//! kernel saxpy4plain
//! global 262144
//! local 128
//! arg float 0.5
//! arg buffer<float4> 262144 random
//! arg buffer<float4> 262144 random
//! tolerance 1e-6

// saxpy4 without the attribute, the loop and the component-wise updates.
kernel void saxpy4plain(float alpha, global const float4 *x, global float4 *y) {
  size_t i = get_global_id(0);
  y[i] += alpha * x[i];
}
