//! kernel life
//! global 32,32
//! local 8,8
//! arg buffer<uchar> 1024 random(0,1)
//! arg buffer<uchar> 1024 out

// One step of Conway's Game of Life on a 32x32 torus.
kernel void life(global const uchar *in, global uchar *out) {
  int x = get_global_id(0), y = get_global_id(1);
  int n = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      if (dx || dy) n += in[((y + dy) & 31) * 32 + ((x + dx) & 31)];
  uchar alive = in[y * 32 + x];
  out[y * 32 + x] = (n == 3 || (alive && n == 2)) ? 1 : 0;
}
