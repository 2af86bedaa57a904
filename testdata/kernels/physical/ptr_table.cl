//! kernel ptr_table
//! global 64
//! local 8
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<ulong> 64 zero
//! arg buffer<int> 64 out
//! clgo-options -physical-storage-buffers

// A table of pointers into two buffers, written by each work-item and read
// by its neighbour in the work-group; pointer differences recover the
// index. The table is reset to NULL at the end. (A kernel argument cannot
// be a pointer to a pointer, OpenCL C 6.9.a: the table comes as ulongs.)
kernel void ptr_table(global int *a, global int *b, global ulong *words, global int *out) {
  global int *global *table = (global int *global *)words;
  size_t i = get_global_id(0);
  table[i] = (i & 1) ? &a[i] : &b[63 - i];
  barrier(CLK_GLOBAL_MEM_FENCE);
  size_t j = i ^ 1;
  global int *p = table[j];
  out[i] = (j & 1) ? *p * 1000 + (int)(p - a) : *p * 1000 + (int)(p - b);
  barrier(CLK_GLOBAL_MEM_FENCE);
  table[i] = 0;
}
