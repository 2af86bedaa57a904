float2 cm(float2 a, float2 b) { return (float2)(a.x*b.x - a.y*b.y, a.x*b.y + a.y*b.x); }
kernel void butterfly(global float2 *data, global const float2 *tw, const int half_n) {
  int i = get_global_id(0);
  int grp = i / half_n, k = i % half_n;
  int a = grp * 2 * half_n + k, b = a + half_n;
  float2 t = cm(data[b], tw[k]);
  float2 u = data[a];
  data[a] = u + t;
  data[b] = u - t;
}
//! kernel butterfly
//! global 1048576
//! local 256
//! arg buffer<float2> 2097152 random
//! arg buffer<float2> 1024 random
//! arg int 1024
//! tolerance 1e-5
