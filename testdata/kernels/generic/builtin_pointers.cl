//! kernel builtin_pointers
//! global 64
//! local 16
//! arg buffer<float> 64 random
//! arg buffer<float> 64 out
//! arg buffer<float> 64 out
//! tolerance 1e-6
//! options -cl-std=CL3.0

// Builtins taking pointers, given generic pointers whose address space is
// chosen at run time: vload4/vstore4, fract and sincos writing through
// them. The reference (PoCL, without the generic address space) calls
// each builtin with the named space the run-time choice picks.
kernel void builtin_pointers(global float *in, global float *out, global float *out2) {
  local float loc[16];
  int l = get_local_id(0), g = get_global_id(0);
  global float *grp = in + (g - l);
  loc[l] = in[g] * 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 v;
  float ip, c2, s2, fr;
  float cell = 0.0f;
#ifdef __opencl_c_generic_address_space
  float *p = (l & 1) ? (float *)loc : (float *)grp;
  v = vload4(l / 4, p);
  fr = fract(v.x + 0.25f, &ip);
  float *q = (l & 2) ? &cell : &ip;
  s2 = sincos(v.y, (l & 1) ? &c2 : q);
  if (!(l & 1))
    c2 = *q;
#else
  if (l & 1)
    v = vload4(l / 4, loc);
  else
    v = vload4(l / 4, grp);
  fr = fract(v.x + 0.25f, &ip);
  if (l & 1) {
    s2 = sincos(v.y, &c2);
  } else if (l & 2) {
    s2 = sincos(v.y, &cell);
    c2 = cell;
  } else {
    s2 = sincos(v.y, &ip);
    c2 = ip;
  }
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  if ((l & 3) == 0)
    vstore4(v * 3.0f, g / 4, out2);
  out[g] = fr + ip + s2 * 10.0f + c2 * 100.0f + cell;
}
