//! kernel matmul
//! global 32,32
//! local 8,8
//! arg buffer<float> 1024 random(-1,1)
//! arg buffer<float> 1024 random(-1,1)
//! arg buffer<float> 1024 out
//! arg uint 32
//! options -DTILE=8
//! tolerance 1e-5

// The tiled matrix multiply of cl's Example_matrixMultiply and the README:
// C = A B for n x n matrices, each work-group staging a TILE x TILE tile
// of A and of B in __local arrays, with barriers between loading and use.
kernel void matmul(global const float *A, global const float *B, global float *C, uint n) {
  local float As[TILE][TILE], Bs[TILE][TILE];
  uint row = get_global_id(1), col = get_global_id(0);
  uint lr = get_local_id(1), lc = get_local_id(0);
  float sum = 0.0f;
  for (uint t = 0; t < n / TILE; t++) {
    As[lr][lc] = A[row * n + t * TILE + lc];
    Bs[lr][lc] = B[(t * TILE + lr) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TILE; k++)
      sum += As[lr][k] * Bs[k][lc];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = sum;
}
