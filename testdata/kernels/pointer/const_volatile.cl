//! kernel const_volatile
//! global 32
//! arg buffer<int> 32 random(0,100)
//! arg buffer<int> 32 out

// const and volatile qualified pointers and pointees; restrict arguments.
kernel void const_volatile(global const int *restrict in, global int *restrict out) {
  int g = get_global_id(0);
  const int c = in[g];
  volatile int v = c;
  v += 3;
  const int *const pc = &c;
  global int *const po = out + g;
  *po = *pc + v;
}
