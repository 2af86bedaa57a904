//! kernel comma
//! global 32
//! arg buffer<int> 32 out

// The comma operator in expressions and for-loop clauses.
kernel void comma(global int *out) {
  int g = get_global_id(0);
  int a, b, s = 0;
  for (a = 0, b = 10; a < b; a++, b--)
    s += a * b;
  int c = (s++, s += g, s * 2);
  out[g] = c;
}
