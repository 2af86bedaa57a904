//! kernel helper_spaces
//! global 64
//! local 16
//! arg buffer<int> 64 random(0,1000)
//! arg buffer<int> 64 out
//! options -cl-std=CL3.0

// OpenCL C 2.0 generic address space: one helper taking unqualified
// pointers, called with __local, __global and __private pointers (and one
// that walks its pointer, so its parameter changes). Without the feature
// (the reference, PoCL, has none) each call goes to a copy of the helper
// for the named address space: the results must be the same.
#define SUM3_BODY { return p[0] + 2 * p[1] + 3 * p[2]; }
#define WALK_BODY { int s = 0; for (int i = 0; i < n; i++) { s = s * 3 + *p; p++; } return s; }
#define SCALE_BODY { for (int i = 0; i < n; i++) p[i] *= k; }
#ifdef __opencl_c_generic_address_space
int sum3(const int *p) SUM3_BODY
int walk(const int *p, int n) WALK_BODY
void scale(int *p, int n, int k) SCALE_BODY
#define sum3_local sum3
#define sum3_global sum3
#define sum3_private sum3
#define walk_local walk
#define walk_global walk
#define walk_private walk
#define scale_local scale
#define scale_private scale
#else
int sum3_local(const local int *p) SUM3_BODY
int sum3_global(const global int *p) SUM3_BODY
int sum3_private(const private int *p) SUM3_BODY
int walk_local(const local int *p, int n) WALK_BODY
int walk_global(const global int *p, int n) WALK_BODY
int walk_private(const private int *p, int n) WALK_BODY
void scale_local(local int *p, int n, int k) SCALE_BODY
void scale_private(private int *p, int n, int k) SCALE_BODY
#endif

kernel void helper_spaces(global const int *in, global int *out) {
  local int tmp[20];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  tmp[lid] = in[gid];
  if (lid < 4)
    tmp[16 + lid] = lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    scale_local(tmp, 16, 3);
  barrier(CLK_LOCAL_MEM_FENCE);
  int priv[4] = {gid, lid, 7, -1};
  scale_private(priv + 1, 3, lid + 1);
  int a = sum3_local(&tmp[lid]);
  int b = gid + 2 < 64 ? sum3_global(in + gid) : 0;
  int c = sum3_private(priv);
  int d = walk_local(tmp + lid, 4) ^ walk_global(in + (gid & ~3), 4) ^ walk_private(priv, 4);
  out[gid] = a + 7 * b + 11 * c + 13 * d;
}
