#define R 2
#define T 16
kernel void conv(global const float *in, global float *out, constant float *w, const int width, const int height) {
  local float tile[T + 2*R][T + 2*R];
  int gx = get_global_id(0), gy = get_global_id(1), lx = get_local_id(0), ly = get_local_id(1);
  for (int dy = ly; dy < T + 2*R; dy += T)
    for (int dx = lx; dx < T + 2*R; dx += T) {
      int sx = clamp((int)get_group_id(0) * T + dx - R, 0, width - 1);
      int sy = clamp((int)get_group_id(1) * T + dy - R, 0, height - 1);
      tile[dy][dx] = in[sy * width + sx];
    }
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0;
  for (int j = 0; j <= 2*R; j++)
    for (int i = 0; i <= 2*R; i++)
      acc += w[j * (2*R+1) + i] * tile[ly + j][lx + i];
  out[gy * width + gx] = acc;
}
//! kernel conv
//! global 1024,1024
//! local 16,16
//! arg buffer<float> 1048576 random
//! arg buffer<float> 1048576 out
//! arg buffer<float> 25 random
//! arg int 1024
//! arg int 1024
//! tolerance 1e-5
