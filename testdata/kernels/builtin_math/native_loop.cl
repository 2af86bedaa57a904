//! kernel native_loop
//! global 256
//! local 64
//! arg buffer<float> 256 random(0.5,4)
//! arg local<float> 64
//! arg buffer<float> 512 out
//! tolerance 2e-3

// native_* functions (the host driver's native code has no vector code
// for them: each is a call-out into Go) inside a loop with a private
// array, across a barrier, under a divergent branch and on a float4:
// the call-outs resume with the loop's registers, the chunk's private
// memory and the barrier's pass over the chunks intact.
kernel void native_loop(global const float *a, local float *t, global float *out) {
  int l = get_local_id(0);
  int g = get_global_id(0);
  float p[4];
  float x = a[g];
  float acc = 0.0f;
  for (int i = 0; i < 4; i++) {
    p[i] = native_sin(x + (float)i);
    acc += native_exp(p[i] * 0.5f);
  }
  t[l] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  float y = t[(l + 1) & 63];
  if (l & 1) {
    y = native_log(y + 1.0f);
  }
  float4 v = native_cos((float4)(x, y, acc, p[l & 3]));
  out[2 * g] = y + p[l & 3];
  out[2 * g + 1] = v.x + v.y + v.z + v.w;
}
