//! kernel async_choice
//! global 32
//! local 16
//! arg buffer<float> 64 random
//! arg buffer<float> 64 random
//! arg local<float> 16
//! arg local<float> 16
//! arg int 1

// Async copies through pointers chosen at run time: a pointer to one of
// two pointer variables advanced through it, a destination picked among
// two __local buffers, and a reassigned __local argument.
kernel void async_choice(global float *a, global float *b, local float *la, local float *lb, int c) {
  int l = get_local_id(0);
  la[l] = 0.0f;
  lb[l] = 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  global float *p = a + 16 * get_group_id(0), *q = b;
  global float **pp = c ? &p : &q;
  *pp += 4;
  event_t e = async_work_group_copy(c ? la : lb, p, 16, 0);
  wait_group_events(1, &e);
  lb += 2;
  e = async_work_group_copy(lb, q, 4, 0);
  wait_group_events(1, &e);
  lb -= 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  b[32 + get_global_id(0)] = la[l] + 2.0f * lb[l];
}
