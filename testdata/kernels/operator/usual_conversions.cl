//! kernel usual_conversions
//! global 64
//! arg buffer<int> 64 random(-100,100)
//! arg buffer<long> 384 out

// Usual arithmetic conversions: int vs uint compares as unsigned, int + long is long, etc.
kernel void usual_conversions(global const int *a, global long *out) {
  int g = get_global_id(0);
  int x = a[g];
  uint u = 10;
  short s = (short)x;
  ulong ul = 5;
  out[6 * g + 0] = x < u;
  out[6 * g + 1] = x + u;
  out[6 * g + 2] = s * (ushort)3;
  out[6 * g + 3] = x + 4000000000L;
  out[6 * g + 4] = x * ul;
  out[6 * g + 5] = (x < 0) == (s < 0);
}
