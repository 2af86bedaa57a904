//! kernel struct_member
//! global 256
//! local 64
//! arg buffer<int> 16 [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
//! options -cl-std=CL3.0

// C11 atomics on members of a struct in global memory (the buffer is
// then laid out as words): a counter, a maximum and a flag per bucket.
typedef struct {
  atomic_int count;
  atomic_uint hi;
  atomic_flag seen;
  int pad;
} bucket;

kernel void struct_member(global bucket *b) {
  int g = get_global_id(0);
  global bucket *k = &b[g & 3];
  atomic_fetch_add_explicit(&k->count, 1, memory_order_relaxed);
  atomic_fetch_max(&k->hi, (uint)g * 3u);
  if (!atomic_flag_test_and_set(&k->seen))
    atomic_fetch_add(&k->count, 1000);
}
