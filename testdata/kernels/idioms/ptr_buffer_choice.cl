//! kernel ping_pong
//! global 64
//! arg buffer<int> 64 random(0,100)
//! arg buffer<int> 64 zero
//! arg buffer<int> 64 out
//! arg int 5

// Choosing among buffers at run time: ping-pong pointers swapped in a
// loop, a pointer picked by a condition, and a kernel argument reassigned
// to another buffer. Each work-item touches only its own elements.
kernel void ping_pong(global int *a, global int *b, global int *res, int steps) {
  int g = get_global_id(0);
  global int *src = a, *dst = b;
  for (int s = 0; s < steps; s++) {
    dst[g] = (src[g] * 3 + s) % 1000;
    global int *t = src;
    src = dst;
    dst = t;
  }
  global int *pick = (g & 1) ? a : b;
  res[g] = pick[g] + *((steps & 1) ? b + g : a + g) + src[g];
  a = (g & 2) ? a : res;
  a[g] += 1;
  b = g < 32 ? b : a;
  b += g;
  *b -= 7;
}
