//! kernel arith
//! global 64
//! arg buffer<int> 256 iota
//! arg buffer<int> 64 out

// Pointer arithmetic: p + n, n + p, p - n, ++, --, +=, and *(p + k).
kernel void arith(global const int *in, global int *out) {
  int g = get_global_id(0);
  global const int *p = in + 4 * g;
  int s = *p;
  p++;
  s += *p * 10;
  p += 2;
  s += p[0] * 100;
  p--;
  s += *(p - 1) + *(1 + p);
  out[g] = s;
}
