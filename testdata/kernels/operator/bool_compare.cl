//! kernel bool_compare
//! global 256
//! local 64
//! arg buffer<int> 256 random(-3,3)
//! arg buffer<int> 256 random(-3,3)
//! arg uint 1
//! arg buffer<int> 256 out
//! arg buffer<long> 256 out

// Comparisons computed as ints and compared again: OpenCL C makes an int
// of each (1 or 0, -1 for vector lanes) and compares those, which the
// host's lane tier folds into mask operations (bitonic's
// `(a > b) == up`). Each result is stored, and some steer branches, so
// a wrong fold shows in the data.
kernel void bool_compare(global const int *x, global const int *y, uint shift,
                         global int *out, global long *wide) {
  int i = get_global_id(0);
  int a = x[i], b = y[i], c = x[i ^ 1], d = y[255 - i];
  bool up = ((i >> shift) & 1) == 0;
  int r = 0;
  if ((a > b) == up)
    r |= 1;
  if ((a > b) != (c < d))
    r |= 2;
  if ((a >= b) == 1)
    r |= 4;
  if ((a == b) == 0)
    r |= 8;
  if ((a < c) == 2) // never
    r |= 16;
  if ((a < c) != 2) // always
    r |= 32;
  if ((a > b ? 5 : 3) == (c < d ? 3 : 5))
    r |= 64;
  if ((a > b ? 5 : 3) != (c < d ? 5 : 3))
    r |= 128;
  if (up && !(a > c))
    r |= 256;
  if (!(a != b) && (c <= d))
    r |= 512;
  int e = (a > b) == (c > d); // as a value, not a branch
  int f = (a > b) != up;
  long g = (long)(a > c) == (long)(b > d);
  // In a loop: the comparison's int compared each trip.
  int n = 0;
  for (int k = 0; k < 4; k++)
    if ((x[(i + k) & 255] > b) == (k < 2))
      n++;
  out[i] = r + (e << 10) + (f << 11) + (n << 12);
  wide[i] = g ? (long)a << 33 : (long)b - 7;
}
