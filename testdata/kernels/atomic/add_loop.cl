//! kernel add_loop
//! global 128
//! local 64
//! arg buffer<int> 128 out
//! arg buffer<int> 4 zero

// OpenCL 1.x atomic_add in a loop whose trip count differs between
// sub-groups (local id % 13 passes): out[i] is that count, c[0] their sum
// (768). lavapipe ran the barrier it puts around an atomic with memory
// semantics as a work-group control barrier and lost all sub-groups but
// one of each group; Device-scope atomics carry no order there now
// (driver.Caps.FenceByAtomic, compiler/lower/fence.go).
kernel void add_loop(global int *out, global int *c) {
  int n = 0;
  for (int i = 0; i < (int)get_local_id(0) % 13; i++)
    n += atomic_add(&c[0], 1) >= 0;
  out[get_global_id(0)] = n;
}
