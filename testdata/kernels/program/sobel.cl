//! kernel sobel
//! global 32,32
//! arg buffer<uchar> 1024 random
//! arg buffer<uchar> 1024 out

// Sobel edge magnitude on a uchar image, clamped at the borders, saturated to uchar.
kernel void sobel(global const uchar *img, global uchar *out) {
  int x = get_global_id(0), y = get_global_id(1);
#define P(dx, dy) (int)img[clamp(y + (dy), 0, 31) * 32 + clamp(x + (dx), 0, 31)]
  int gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1);
  int gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
#undef P
  out[y * 32 + x] = convert_uchar_sat(abs(gx) + abs(gy));
}
