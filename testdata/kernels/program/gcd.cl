//! kernel gcd
//! global 256
//! arg buffer<uint> 256 random(1,1000000)
//! arg buffer<uint> 256 random(1,1000000)
//! arg buffer<uint> 256 out

// Euclid's algorithm with modulo, divergent iteration counts.
uint gcd_u(uint a, uint b) {
  while (b) {
    uint t = a % b;
    a = b;
    b = t;
  }
  return a;
}

kernel void gcd(global const uint *a, global const uint *b, global uint *out) {
  int g = get_global_id(0);
  out[g] = gcd_u(a[g] * 6u, b[g] * 4u);
}
