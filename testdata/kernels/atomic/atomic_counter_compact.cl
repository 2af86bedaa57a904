//! kernel atomic_counter_compact
//! global 1024
//! local 128
//! arg buffer<int> 1024 random(0,99)
//! arg buffer<uint> 1 zero
//! arg buffer<int> 2 zero

// Stream compaction counted with atomics: how many pass and the sum of those that pass.
kernel void atomic_counter_compact(global const int *in, global uint *count, global int *sum) {
  int v = in[get_global_id(0)];
  if (v % 3 == 0) {
    atomic_inc(count);
    atomic_add(&sum[0], v);
  } else {
    atomic_max(&sum[1], v);
  }
}
