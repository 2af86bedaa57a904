//! kernel induction_forms
//! global 128
//! local 32
//! arg buffer<float4> 1024 random(-1,1)
//! arg buffer<float> 1024 random(-1,1)
//! arg buffer<int> 128 random(0,3)
//! arg buffer<float> 768 zero

// Values a loop advances, as the host tier's lane forms see them: an
// index stepped by the local size (clpeak's bandwidth kernels), a pointer
// bumped by the global size, an index the lanes step by their own amount
// (no form), one stepped only where a condition holds (written under a
// partial mask: no form), nested loops whose inner index restarts from
// the outer one, and an index read after a loop its lanes leave at
// different iterations.
kernel void induction_forms(global const float4 *a, global const float *b, global const int *step, global float *out) {
  int gid = get_global_id(0);
  int id = get_group_id(0) * get_local_size(0) * 8 + get_local_id(0);
  float4 s4 = 0;
  for (int k = 0; k < 4; k++) {
    s4 += a[id];
    id += get_local_size(0);
    s4 += a[id];
    id += get_local_size(0);
  }
  global const float *p = b + gid;
  float sp = 0;
  for (int k = 0; k < 8; k++) {
    sp += *p;
    p += get_global_size(0);
  }
  int j = gid, v = gid;
  float sj = 0, sv = 0;
  for (int k = 0; k < 6; k++) {
    sj += b[j];
    j += step[gid] + 1;
    if (b[v] > 0.0f)
      v += 128;
    sv += b[v];
  }
  float sn = 0;
  for (int r = gid; r < 256; r += get_global_size(0))
    for (int c = 0; c < 4; c++)
      sn += b[r * 4 + c];
  int e = gid;
  while (e < 1000 && b[e] < 0.9f)
    e += get_global_size(0);
  out[gid] = s4.x + s4.y + s4.z + s4.w;
  out[128 + gid] = sp;
  out[256 + gid] = sj;
  out[384 + gid] = sv;
  out[512 + gid] = sn;
  out[640 + gid] = (float)e;
}
