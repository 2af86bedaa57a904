//! kernel include_guard_like
//! global 16
//! arg buffer<int> 16 out

// An include-guard-like pattern with #ifndef/#define inside one file, repeated.
#ifndef GUARD_H
#define GUARD_H
int twice(int x) { return 2 * x; }
#endif
#ifndef GUARD_H
int twice(int x) { return 3 * x; }
#endif

kernel void include_guard_like(global int *out) {
  int g = get_global_id(0);
  out[g] = twice(g);
}
