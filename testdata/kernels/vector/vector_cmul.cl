//! kernel butterfly
//! global 4096
//! local 64
//! arg buffer<float2> 8192 random(-1,1)
//! arg buffer<float2> 512 random(-1,1)
//! arg int 512
//! tolerance 1e-5

// One radix-2 butterfly of an FFT (complex float2): k = i % half_n has no
// affine form in the lane, so native code checks at run time that a
// chunk's float2 offsets are contiguous and then moves each float2 load
// and store as two 32-byte accesses and a shuffle.
float2 cmul(float2 a, float2 b) {
  return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

kernel void butterfly(global float2 *data, global const float2 *tw,
                      const int half_n) {
  int i = get_global_id(0);
  int grp = i / half_n, k = i % half_n;
  int a = grp * 2 * half_n + k, b = a + half_n;
  float2 t = cmul(data[b], tw[k]);
  float2 u = data[a];
  data[a] = u + t;
  data[b] = u - t;
}
