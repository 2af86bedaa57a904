//! kernel local_scratch
//! global 128
//! local 32
//! arg buffer<int> 128 random(0,1000)
//! arg buffer<int> 128 out
//! arg buffer<int> 128 zero
//! options -cl-std=CL3.0

// A program-scope __global array used as scratch memory shared by the
// work-items of each work-group (written, fenced by a barrier, read by a
// neighbour), and a static variable of a helper. The last argument shows
// the scratch array after the run. The reference (PoCL, without the
// feature under CL3.0) uses that argument itself as the scratch memory.
#ifdef __opencl_c_program_scope_global_variables
global int scratch[128];
#define SCRATCH scratch
#else
#define SCRATCH shown
#endif

int twice(int x) {
#ifdef __opencl_c_program_scope_global_variables
  static int factor = 2;
  return x * factor;
#else
  return x * 2;
#endif
}

kernel void local_scratch(global const int *in, global int *out, global int *shown) {
  int i = get_global_id(0);
  int l = get_local_id(0);
  int base = i - l;
  SCRATCH[i] = twice(in[i]);
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = SCRATCH[base + ((l + 1) & 31)] - in[i];
#ifdef __opencl_c_program_scope_global_variables
  shown[i] = scratch[i];
#endif
}
