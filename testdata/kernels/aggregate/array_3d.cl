//! kernel array_3d
//! global 8
//! arg buffer<int> 8 random(1,9)
//! arg buffer<int> 8 out

// A rank-3 private array with an initializer and dynamic indices.
kernel void array_3d(global const int *in, global int *out) {
  int g = get_global_id(0);
  int a[2][3][4] = {
    {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
    {{13, 14, 15, 16}, {17, 18, 19, 20}, {21, 22, 23, 24}},
  };
  int k = in[g];
  a[k & 1][k % 3][k & 3] *= 100;
  int s = 0;
  for (int x = 0; x < 2; x++)
    for (int y = 0; y < 3; y++)
      for (int z = 0; z < 4; z++)
        s += a[x][y][z] * (x + y + z + 1);
  out[g] = s;
}
