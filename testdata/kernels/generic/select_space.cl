//! kernel select_space
//! global 96
//! local 32
//! arg buffer<int> 96 iota
//! arg buffer<int> 96 out
//! arg buffer<int> 96 out
//! options -cl-std=CL3.0

// A generic pointer that points into __global, __local or __private memory
// depending on the work-item, chosen at run time: loads, stores and
// pointer arithmetic through it, to_global / to_local / to_private (NULL
// for the other spaces) and get_fence. Without the generic address space
// (the reference, PoCL) the same results come from the known choice.
kernel void select_space(global int *in, global int *out, global int *spaces) {
  local int tmp[34];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int priv[3] = {gid * 5, gid * 6, gid * 7};
  tmp[lid] = in[gid] * 2;
  if (lid < 2)
    tmp[32 + lid] = -lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  int which = gid % 3; // 0: global, 1: local, 2: private
  int v, w, flags;
#ifdef __opencl_c_generic_address_space
  int *p = which == 0 ? (int *)&in[gid] : which == 1 ? (int *)&tmp[lid] : priv;
  v = p[0] + p[1];
  p[0] += 100; // each work-item writes its own element only
  p++;
  w = *p;
  global int *g = to_global(p);
  local int *l = to_local(p);
  private int *pr = to_private(p);
  flags = (g != NULL) | (l != NULL) << 1 | (pr != NULL) << 2;
  if (g != NULL)
    w += g[0] * 1000;
  if (l != NULL)
    w += l[0] * 10000;
  if (pr != NULL)
    w += pr[-1] * 100000;
  flags |= get_fence(p) << 4;
#else
  if (which == 0) {
    global int *p = &in[gid];
    v = p[0] + p[1];
    p[0] += 100;
    p++;
    w = *p + p[0] * 1000;
    flags = 1 | CLK_GLOBAL_MEM_FENCE << 4;
  } else if (which == 1) {
    local int *p = &tmp[lid];
    v = p[0] + p[1];
    p[0] += 100;
    p++;
    w = *p + p[0] * 10000;
    flags = 2 | CLK_LOCAL_MEM_FENCE << 4;
  } else {
    private int *p = priv;
    v = p[0] + p[1];
    p[0] += 100;
    p++;
    w = *p + p[-1] * 100000;
    flags = 4;
  }
#endif
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[gid] = v * 7 + w + tmp[lid];
  spaces[gid] = flags;
}
