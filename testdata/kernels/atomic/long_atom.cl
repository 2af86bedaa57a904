//! kernel long_atom
//! global 1024
//! local 64
//! arg buffer<long> 1024 random(-1000000000000,1000000000000)
//! arg buffer<long> 10 [0,0,9223372036854775807,-9223372036854775808,0,-1,0,0,0,0]
//! arg buffer<ulong> 2 [18446744073709551615,0]
//! arg buffer<long> 16 zero

// The 64-bit atom_* functions of cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics on global and local counters, under
// contention; a compare-and-swap loop; per-group local sums.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
kernel void long_atom(global const long *in, global long *c, global ulong *u,
                      global long *groups) {
  local long sum, hi;
  int g = get_global_id(0), l = get_local_id(0);
  if (l == 0) {
    sum = 0;
    hi = (long)1 << 40;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  long v = in[g];
  atom_add(&c[0], v);
  atom_sub(&c[1], v >> 3);
  atom_min(&c[2], v);
  atom_max(&c[3], v);
  atom_inc(&c[4]);
  atom_and(&c[5], ~((long)1 << (g % 64)) | (v & 0xffff00000000L));
  atom_or(&c[6], (long)1 << (g % 61));
  atom_xor(&c[7], v);
  atom_dec(&c[8]);
  long old = c[9], seen;
  while ((seen = atom_cmpxchg(&c[9], old, old + v + ((long)1 << 33))) != old)
    old = seen;
  atom_min(&u[0], (ulong)v);
  atom_max(&u[1], (ulong)v);
  atom_add(&sum, v);
  atom_xchg(&hi, (long)g << 36); // the survivor varies: only its range is kept below
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    groups[get_group_id(0)] = sum + (hi >> 36) / 64;
  }
}
