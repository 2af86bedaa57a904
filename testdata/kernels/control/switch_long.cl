//! kernel switch_long
//! global 32
//! arg buffer<long> 32 [1,4294967296,-1,0,9223372036854775807]
//! arg buffer<int> 32 out

// switch on a long with 64-bit case values, and on a char.
kernel void switch_long(global const long *a, global int *out) {
  int g = get_global_id(0);
  int r;
  switch (a[g]) {
  case 4294967296L: r = 1; break;
  case -1: r = 2; break;
  case 0x7FFFFFFFFFFFFFFFL: r = 3; break;
  default: r = 4;
  }
  char c = (char)g;
  switch (c) {
  case 'a' - 96: r += 10; break;
  case 5: r += 20; break;
  }
  out[g] = r;
}
