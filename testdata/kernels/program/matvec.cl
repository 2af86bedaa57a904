//! kernel matvec
//! global 64
//! local 16
//! arg buffer<float> 4096 random(-1,1)
//! arg buffer<float> 64 random(-1,1)
//! arg buffer<float> 64 out
//! tolerance 1e-5

// Dense matrix-vector product y = A x, one row per work-item, x staged in __local memory.
kernel void matvec(global const float *A, global const float *x, global float *y) {
  local float xs[64];
  int row = get_global_id(0), l = get_local_id(0);
  for (int k = l; k < 64; k += get_local_size(0)) xs[k] = x[k];
  barrier(CLK_LOCAL_MEM_FENCE);
  float s = 0.0f;
  for (int k = 0; k < 64; k++) s = mad(A[row * 64 + k], xs[k], s);
  y[row] = s;
}
