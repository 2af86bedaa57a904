//! kernel int_roundtrip
//! global 16
//! arg buffer<float> 128 random
//! arg buffer<int> 64 random(0,100)
//! arg buffer<float> 16 out

// Pointers through integers and back, as allocators and vector loaders do:
// an address rounded up to a 16-byte boundary with size_t arithmetic, a
// pointer tagged in its low bits, and a cursor kept as an integer that
// may refer to either of two buffers (or be null).
kernel void int_roundtrip(global float *a, global int *b, global float *out) {
  int g = get_global_id(0);
  size_t x = (size_t)(a + 8 * g + 1);
  global float4 *v = (global float4 *)((x + 15) & ~(size_t)15);
  float4 f = *v;
  uintptr_t tagged = (uintptr_t)(b + 4 * g) | (g & 3);
  global int *c = (global int *)(tagged & ~(uintptr_t)3);
  int t = (int)(tagged & 3);
  ulong cur = (g & 1) ? (ulong)(a + g) : (ulong)(b + 2 * g);
  float w = 0.0f;
  if (g & 1)
    w = *(global float *)cur;
  else
    w = (float)*(global int *)cur;
  global float *none = (global float *)(cur & 0);
  out[g] = f.x + f.y * 2.0f + f.w + (float)(c[t] * 3) + w + (none == 0) + (float)((global float *)v - a);
}
