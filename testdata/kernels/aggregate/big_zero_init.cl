//! kernel big_zero_init
//! global 8
//! arg buffer<int> 8 out
//! arg buffer<int> 16 random(0,4999)

// Partly initialized private arrays of more than 4096 scalars: zeroed by a
// loop (nested for a 2-D array with long rows) before the elements given
// are stored, in the kernel's first block and inside a loop, where the
// host device cannot zero a variable at the start.
typedef struct { int a; float b; short c[3]; } item;

kernel void big_zero_init(global int *out, global const int *idx) {
  int g = get_global_id(0);
  int a[5000] = {1, 2, 3};
  item s[1000] = {{7, 1.5f, {1, 2, 3}}};
  a[idx[g]] += g;
  s[idx[g] % 1000].c[1] += g;
  int sum = a[idx[g + 1]] + a[idx[g]] + a[2] + s[idx[g + 1] % 1000].a + s[0].c[2];
  for (int r = 0; r < 3; r++) {
    int m[3][4500] = {{r, 9}, [2] = {4}};
    m[r][idx[g] % 4500] += 100 * r + g;
    sum += m[r][idx[g] % 4500] + m[2][0] + m[0][1] + m[1][idx[g + 1] % 4500];
    sum += (int)s[r].b;
  }
  out[g] = sum;
}
