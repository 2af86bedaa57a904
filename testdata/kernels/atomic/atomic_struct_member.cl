//! kernel atomic_struct_member
//! global 512
//! arg buffer<int> 4 zero

// Atomics on members of a struct in global memory, through a cast pointer.
typedef struct { int hits; int misses; int sum; int pad; } counters;

kernel void atomic_struct_member(global int *raw) {
  global counters *c = (global counters *)raw;
  int g = get_global_id(0);
  if (g % 5 == 0) atomic_inc(&c->hits);
  else atomic_inc(&c->misses);
  atomic_add(&c->sum, g);
}
