//! kernel array_2d
//! global 16
//! arg buffer<int> 16 random(0,100)
//! arg buffer<int> 256 out

// A two-dimensional private array: fill, transpose in place, read back.
kernel void array_2d(global const int *in, global int *out) {
  int g = get_global_id(0);
  int m[4][4];
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      m[r][c] = in[g] * r + c;
  for (int r = 0; r < 4; r++)
    for (int c = r + 1; c < 4; c++) {
      int t = m[r][c];
      m[r][c] = m[c][r];
      m[c][r] = t;
    }
  for (int k = 0; k < 16; k++)
    out[16 * g + k] = m[k / 4][k % 4];
}
