//! options -cl-std=CL3.0
// OpenCL C 2.0 generic address space: what may not convert.
kernel void k(global int *g, constant int *c) {
  local int l[4];
  int *p = g;
  local int *lp = p;
  int *q = c;
  int x = p == c;
  global int *gp = to_global(c);
  local int *lq = to_local(l[0]);
  lp = (local int *)p;
  constant int *cp = (constant int *)p;
  int y = (x ? (int *)l : (int *)g)[0] + *lp + *cp + *gp + *lq + *q;
}
