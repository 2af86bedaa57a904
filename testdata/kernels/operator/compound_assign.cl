//! kernel compound_assign
//! global 64
//! arg buffer<int> 64 random(1,1000)
//! arg buffer<int> 64 out

// Every compound assignment operator, with implicit narrowing on char targets.
kernel void compound_assign(global const int *a, global int *out) {
  int g = get_global_id(0);
  int x = a[g];
  char c = 100;
  x += 7; x -= 3; x *= 5; x /= 2; x %= 1000;
  x <<= 3; x >>= 1; x &= 0xFFF; x |= 0x1000; x ^= 0x55;
  c += x;
  c *= 3;
  float f = 1.5f;
  f *= x;
  out[g] = x + c + (int)f;
}
