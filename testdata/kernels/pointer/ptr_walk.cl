//! kernel ptr_walk
//! global 32
//! arg buffer<int> 1024 random(-10,10)
//! arg buffer<int> 32 out

// Walking a pointer through a range with a != end loop.
kernel void ptr_walk(global const int *in, global int *out) {
  int g = get_global_id(0);
  global const int *p = in + 32 * g, *end = p + 32;
  int s = 0;
  while (p != end)
    s += *p++;
  out[g] = s;
}
