//! kernel byte_views
//! global 64
//! local 16
//! arg buffer<int> 64 out
//! arg buffer<long> 4 zero
//! options -cl-std=CL3.0

// Program-scope __global variables seen through other types: a uint
// table read as bytes, and a long array updated with 64-bit atomics and
// read back as ints (each a word array in the program's buffer). The
// last argument shows the long array after the run. The reference (PoCL,
// without the feature under CL3.0) reads a __constant table and uses
// that argument itself for the long array.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#ifdef __opencl_c_program_scope_global_variables
global uint words[4] = {0x04030201, 0x08070605, 0x0c0b0a09, 0x100f0e0d};
global long sums[4] = {1, 2, 3, 0x100000000L};
#define TABLE global
#define SUMS sums
#else
constant uint words[4] = {0x04030201, 0x08070605, 0x0c0b0a09, 0x100f0e0d};
#define TABLE constant
#define SUMS shown
#endif

kernel void byte_views(global int *out, global long *shown) {
  int i = get_global_id(0);
#ifndef __opencl_c_program_scope_global_variables
  if (i < 4)
    shown[i] = i < 3 ? i + 1 : 0x100000000L;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_group_id(0) != 0)
    return;
#else
  if (get_group_id(0) != 0)
    return;
#endif
  TABLE const uchar *b = (TABLE const uchar *)words;
  atom_add(&SUMS[i & 3], (long)b[i & 15]);
  barrier(CLK_GLOBAL_MEM_FENCE);
  global int *halves = (global int *)SUMS;
  out[i] = b[15 - (i & 15)] * 1000 + halves[i & 7];
#ifdef __opencl_c_program_scope_global_variables
  if (i < 4)
    shown[i] = sums[i];
#endif
}
