//! kernel int_arith
//! global 256
//! arg buffer<int> 256 random(-100000,100000)
//! arg buffer<int> 256 random(-1000,1000)
//! arg buffer<int> 1536 out

// int: the four operations, modulo, negation, with divisors made non-zero.
kernel void int_arith(global const int *a, global const int *b, global int *out) {
  int i = get_global_id(0);
  int x = a[i], y = b[i];
  if (y == 0) y = 7;
  out[6 * i + 0] = x + y;
  out[6 * i + 1] = x - y;
  out[6 * i + 2] = x * y;
  out[6 * i + 3] = x / y;
  out[6 * i + 4] = x % y;
  out[6 * i + 5] = -x;
}
