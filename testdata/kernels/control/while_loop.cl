//! kernel while_loop
//! global 64
//! arg buffer<uint> 64 random(1,100000)
//! arg buffer<int> 64 out

// while loop: the Collatz step count of each input (divergent trip counts).
kernel void while_loop(global const uint *a, global int *out) {
  int g = get_global_id(0);
  uint n = a[g];
  int steps = 0;
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    steps++;
  }
  out[g] = steps;
}
