//! kernel stored_ptrs
//! global 64
//! local 16
//! arg buffer<float> 64 random
//! arg buffer<float> 64 out
//! tolerance 1e-6
//! options -cl-std=CL3.0

// Generic pointers kept in a struct and in an array, returned from a
// helper, assigned in branches, swapped in a loop (ping-pong between a
// __local and a __global buffer), and cast back to their named space.
// The reference (PoCL, without the generic address space) runs the same
// code with each pointer's address space spelled out.
#ifdef __opencl_c_generic_address_space
#define GEN
#define GENL
#define GENG
#else
#define GEN local
#define GENL local
#define GENG global
#endif

typedef struct {
  GEN float *src;
  GEN float *dst;
} pair;

GEN float *pick(GEN float *a, GEN float *b, int first) { return first ? a : b; }

kernel void stored_ptrs(global float *in, global float *out) {
  local float a[16], b[16];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  a[lid] = in[gid];
  b[lid] = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  // Ping-pong smoothing between two local buffers through a struct.
  pair pp = {a, b};
  for (int it = 0; it < 3; it++) {
    float l = pp.src[(lid + 15) & 15], r = pp.src[(lid + 1) & 15];
    pp.dst[lid] = 0.25f * l + 0.5f * pp.src[lid] + 0.25f * r;
    barrier(CLK_LOCAL_MEM_FENCE);
    GEN float *t = pp.src;
    pp.src = pp.dst;
    pp.dst = t;
  }
  // An array of pointers, picked by a helper.
  GEN float *ptrs[2] = {a, b};
  GEN float *q = pick(ptrs[0], ptrs[1], lid & 1);
  float s = q[lid];
  // A pointer assigned in branches, then cast back to its named space.
  GENG float *g;
  if (lid < 8)
    g = &in[gid];
  else
    g = &in[gid - 8];
  s += ((global float *)g)[0];
  local float *lp = (local float *)pp.src;
  out[gid] = s + lp[lid];
}
