//! kernel define_option
//! global 64
//! arg buffer<int> 64 out
//! options -DFOO=3 -DBAR -D SCALE=10

// Macros from build options: -DFOO=3, -DBAR (defined as 1), -D SCALE=10.
kernel void define_option(global int *out) {
  int g = get_global_id(0);
#if defined(BAR) && BAR == 1
  out[g] = g * FOO + SCALE;
#else
  out[g] = -1;
#endif
}
