//! kernel do_while
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<int> 64 out

// do-while runs at least once: counting decimal digits (0 has one digit).
kernel void do_while(global const uint *a, global int *out) {
  int g = get_global_id(0);
  uint v = (g % 8 == 0) ? 0 : a[g];
  int digits = 0;
  do {
    digits++;
    v /= 10;
  } while (v);
  out[g] = digits;
}
