//! kernel struct_copy
//! global 64
//! local 16
//! arg buffer<int> 64 out
//! arg buffer<int> 6203 random(0,1000)
//! arg buffer<int> 6203 zero

// Structs of more than 4,096 scalars copied whole: from a buffer into a
// private variable, returned by value from a function (from one of two
// returns, chosen per work-item), copied again, changed and stored whole
// into another buffer. The host's lane tier keeps such values in memory
// instead of scalarizing them.
typedef struct {
  int a[4200];
  short h[4];
  int b[2000];
  int c;
} Big;

Big fill(int s) {
  Big b;
  for (int j = 0; j < 4200; j++) b.a[j] = j * s;
  for (int j = 0; j < 2000; j++) b.b[j] = s - j;
  b.h[0] = s; b.h[1] = -s; b.h[2] = 7; b.h[3] = 8;
  b.c = s + 1;
  if (s & 1) {
    b.a[s] = -1;
    return b;
  }
  b.b[s] = -2;
  return b;
}

kernel void struct_copy(global int *out, global const Big *in, global Big *res) {
  int i = get_global_id(0);
  Big x = in[0];
  Big y = fill(i);
  x.a[i * 7] += y.a[i * 3] + y.b[i];
  Big z = x;
  z.a[i] = 5;
  z.h[1] = y.h[1];
  if (i == 3)
    res[0] = z;
  out[i] = z.a[i * 7] + z.a[i] + x.a[i] + y.h[0] + y.h[1] + y.c + z.b[1999 - i] + y.a[i] + y.b[i];
}
