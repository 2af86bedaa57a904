//! kernel array_param
//! global 32
//! arg buffer<int> 32 random(0,100)
//! arg buffer<int> 32 out

// Arrays passed to helpers decay to pointers; array of arrays as int (*)[4].
int sum_row(const int *row, int n) {
  int s = 0;
  for (int k = 0; k < n; k++) s += row[k];
  return s;
}

int trace(int m[4][4]) { return m[0][0] + m[1][1] + m[2][2] + m[3][3]; }

kernel void array_param(global const int *in, global int *out) {
  int g = get_global_id(0);
  int m[4][4];
  for (int k = 0; k < 16; k++) m[k >> 2][k & 3] = in[(g + k) & 31];
  out[g] = sum_row(m[1], 4) * 10 + trace(m) + sum_row(&m[3][1], 3);
}
