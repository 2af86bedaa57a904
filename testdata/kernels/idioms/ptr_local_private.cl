//! kernel local_private
//! global 32
//! local 16
//! arg buffer<float> 32 random
//! arg local<float> 16
//! arg buffer<float> 32 out
//! tolerance 1e-6

// __local and __private pointers reassigned like global ones: a local
// argument advanced to the work-item's slot, a walk over a private array,
// and a pointer that picks one of two private arrays.
void reverse(float *p, int n) {
  float *q = p + n - 1;
  while (p < q) {
    float t = *p;
    *p++ = *q;
    *q-- = t;
  }
}

kernel void local_private(global const float *in, local float *scratch, global float *out) {
  int l = get_local_id(0), g = get_global_id(0);
  local float *mine = scratch;
  mine += l;
  *mine = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch = &scratch[(l + 1) % 16];
  float lo[4], hi[4];
  for (float *p = lo, *e = lo + 4; p != e; p++)
    *p = *scratch * (float)(p - lo);
  for (int i = 0; i < 4; i++)
    hi[i] = in[g] + i;
  reverse(lo, 4);
  float *pick = (g & 1) ? lo : hi;
  pick = g > 20 ? hi : pick;
  out[g] = pick[0] + pick[3] * 2.0f + mine[0];
}
