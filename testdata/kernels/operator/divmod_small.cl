//! kernel divmod_small
//! global 64
//! arg buffer<char> 64 random
//! arg buffer<char> 64 random(1,20)
//! arg buffer<short> 256 out

// Division of chars promotes to int; char -128 / -1 is fine after promotion.
kernel void divmod_small(global const char *a, global const char *b, global short *out) {
  int g = get_global_id(0);
  char x = a[g], y = b[g];
  out[4 * g + 0] = x / y;
  out[4 * g + 1] = x % y;
  out[4 * g + 2] = x / -y;
  out[4 * g + 3] = (char)-128 / (char)-1;
}
