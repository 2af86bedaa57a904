//! kernel loop_liveout
//! global 64
//! local 64
//! arg buffer<int> 64 random(0,7)
//! arg buffer<int> 16 random(0,1000)
//! arg buffer<int> 256 out

// Values computed inside a loop whose trip count differs between the
// work-items of a group, and used after the loop (Rodinia hybridsort's
// bucketcount: a retry loop whose last stored count is the result). A
// SIMD implementation must keep each work-item's value from its own last
// pass: lavapipe (Mesa 22.3) gives the work-items that left first the
// value the later passes compute with their loads masked off (0 + 1).
kernel void loop_liveout(global const int *n, global const int *src, global int *out) {
  int g = get_global_id(0);
  // do-while: the value of the pass that leaves.
  int i = 0, v;
  do {
    v = src[i] + 1;
    i++;
  } while (i <= n[g]);
  out[g] = v;
  // while (1) with a break after the value is computed.
  int j = 0, w;
  while (1) {
    w = src[j + 8] * 2;
    if (j >= n[g])
      break;
    j++;
  }
  out[64 + g] = w;
  // A loop whose exit test reads the value.
  int k = 0, c;
  do {
    c = src[(g + k) & 15] + k;
    k++;
  } while (c % 3 != 0 && k < 10);
  out[128 + g] = c + k;
  // A value assigned in the condition.
  int q = n[g], x;
  while ((x = src[q++ & 15]) > 300)
    if (x > 900)
      break;
  out[192 + g] = x + q;
}
