//! kernel conditionals
//! global 32
//! arg buffer<int> 32 out
//! options -DMODE=2

// #if / #elif / #else / #ifdef / #ifndef with arithmetic and defined().
#define LEVEL (MODE * 3)

kernel void conditionals(global int *out) {
  int g = get_global_id(0);
  int r = 0;
#if LEVEL > 10
  r = 1;
#elif LEVEL == 6 && !defined(UNDEFINED_THING)
  r = 2;
#else
  r = 3;
#endif
#ifdef MODE
  r += 10;
#endif
#ifndef MODE
  r += 100;
#endif
#if 0
  this is not compiled at all;
#endif
#if (1 << 4) == 16 && (7 / 2 == 3) && (-1 < 0) && UNDEFINED_IS_ZERO == 0
  r += 1000;
#endif
  out[g] = r + g;
}
