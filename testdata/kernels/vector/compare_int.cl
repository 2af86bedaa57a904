//! kernel compare_int
//! global 128
//! arg buffer<uchar8> 128 random
//! arg buffer<uchar8> 128 random
//! arg buffer<char8> 128 out
//! arg buffer<short2> 128 out

// Comparing uchar8 gives char8; short2 comparisons give short2; logical ops on vectors.
kernel void compare_int(global const uchar8 *a, global const uchar8 *b, global char8 *out,
                        global short2 *o2) {
  int i = get_global_id(0);
  uchar8 x = a[i], y = b[i];
  char8 c = x > y;
  char8 d = x <= (uchar8)128;
  out[i] = (c && d) | (c || !d) * (char)2;
  short2 s = (short2)(i, -i);
  o2[i] = (s > (short2)(0)) ^ (short2)(5);
}
