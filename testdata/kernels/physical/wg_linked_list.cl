//! kernel wg_linked_list
//! global 64
//! local 16
//! arg buffer<int> 64 iota
//! arg buffer<ulong> 128 zero
//! arg buffer<int> 64 out
//! clgo-options -physical-storage-buffers

// A linked list per work-group, built in global memory and walked through
// the pointers stored there (physical addressing). The pointers are reset
// to NULL at the end: addresses differ from one device to another.
struct node {
  int value;
  global struct node *next;
};

kernel void wg_linked_list(global const int *values, global struct node *nodes, global int *out) {
  size_t i = get_global_id(0);
  nodes[i].value = values[i] * 3;
  nodes[i].next = get_local_id(0) + 1 < get_local_size(0) ? &nodes[i + 1] : 0;
  barrier(CLK_GLOBAL_MEM_FENCE);
  int sum = 0;
  for (global struct node *n = &nodes[i]; n; n = n->next) {
    sum += n->value;
  }
  out[i] = sum;
  barrier(CLK_GLOBAL_MEM_FENCE);
  nodes[i].next = 0;
}
