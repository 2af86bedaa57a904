//! options -cl-std=CL2.0
// Case labels nested in a statement of their switch (Duff's device) make
// the function a state machine; the work-group functions inside it, and
// inside the helpers it calls, are refused.
int sum(int v) {
  return work_group_reduce_add(v);
}

kernel void k(global int *p) {
  int n = p[0], i = get_local_id(0);
  switch (n & 3) {
  case 0:
    do {
      p[i] += sum(i);
  case 1:
      sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
    } while (--n > 0);
  }
}
