//! kernel nested_break
//! global 64
//! arg buffer<int> 4096 random(0,100)
//! arg buffer<int> 64 out

// break and continue inside nested loops: find the first row whose first value above 90 is at column >= 8.
kernel void nested_break(global const int *a, global int *out) {
  int g = get_global_id(0);
  global const int *m = a + 64 * g;
  int found = -1;
  for (int r = 0; r < 8; r++) {
    int c;
    for (c = 0; c < 8; c++) {
      if (m[8 * r + c] < 50) continue;
      if (m[8 * r + c] > 90) break;
    }
    if (c < 3) continue;
    if (c >= 8 - (g & 3)) {
      found = r * 10 + c;
      break;
    }
  }
  out[g] = found;
}
