kernel void spmv(const int rows, global const int *rowstart, global const int *cols, global const float *vals, global const float *x, global float *y) {
  int r = get_global_id(0);
  if (r >= rows) return;
  float s = 0.0f;
  int b = rowstart[r] * 8;
  for (int k = b; k < b + 8; k++) s += vals[k] * x[cols[k] & 65535];
  y[r] = s;
}
//! kernel spmv
//! global 65536
//! local 64
//! arg int 65536
//! arg buffer<int> 65536 iota
//! arg buffer<int> 524288 random(0,65535)
//! arg buffer<float> 524288 random
//! arg buffer<float> 65536 random
//! arg buffer<float> 65536 out
//! tolerance 1e-5
