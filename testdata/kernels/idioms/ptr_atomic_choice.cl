//! kernel histogram_choice
//! global 128
//! local 32
//! arg buffer<uint> 128 random(0,1000)
//! arg buffer<uint> 16 zero
//! arg buffer<uint> 16 zero
//! arg buffer<ulong> 4 zero

// Atomics through pointers that may refer to several buffers: a histogram
// bin chosen in one of two buffers by the value, the counters held in a
// helper's reassigned pointer, and a 64-bit atomic through a pointer that
// picks one of the buffers' 64-bit views.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

void count(global uint *bins, uint v) {
  bins += v % 16;
  atomic_inc(bins);
}

kernel void histogram_choice(global const uint *in, global uint *even, global uint *odd, global ulong *total) {
  local uint seen[2];
  uint v = in[get_global_id(0)];
  global uint *bins = (v & 1) ? odd : even;
  count(bins, v);
  uint old = atomic_add(bins + 8, v);
  global ulong *t = (v & 2) ? total : (global ulong *)even;
  atom_add(t + 2, (ulong)v << 30);
  if (get_local_id(0) < 2)
    seen[get_local_id(0)] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  local uint *s = seen;
  s += v & 1;
  atomic_max(s, old < 0x7fffffff ? 1u : 0u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    atom_add(&total[0], (ulong)seen[0] + seen[1]);
}
