//! kernel sizes
//! global 24
//! local 8
//! arg buffer<ulong> 384 out
//! clgo-options -arch=spir64

// -arch=spir64 (docs/physical.md §1): size_t, ptrdiff_t, intptr_t,
// uintptr_t and pointers are 64 bits, as on PoCL (a 64-bit device), so a
// struct holding pointers has the host's layout; work-item functions
// return 64-bit size_t, whose arithmetic wraps at 2^64.
typedef struct {
  char c;
  global int *p;
  short s;
  local float *q;
} holder;

kernel void sizes(global ulong *out) {
  size_t g = get_global_id(0);
  global ulong *o = out + g * 16;
  holder h;
  o[0] = sizeof(size_t) * 1000 + sizeof(ptrdiff_t) * 100 + sizeof(intptr_t) * 10 + sizeof(uintptr_t);
  o[1] = sizeof(void *) * 1000 + sizeof(local int *) * 100 + sizeof(constant char *) * 10 + sizeof(int *);
  o[2] = sizeof(holder) * 100 + __alignof__(holder);
  o[3] = (ulong)((char *)&h.p - (char *)&h) * 100 + (ulong)((char *)&h.q - (char *)&h);
  o[4] = get_global_id(0) - 20;                       // wraps for g < 20
  o[5] = (get_local_size(0) * get_num_groups(0)) << 40;
  o[6] = (size_t)-1 >> 1;
  o[7] = (ulong)((ptrdiff_t)g - 100);
  o[8] = get_global_size(0) - get_global_id(0) - 17;
  o[9] = sizeof(get_global_id(0)) * 10 + sizeof(get_local_id(0) - 1);
  o[10] = (ulong)(intptr_t)(-(intptr_t)g);
  o[11] = get_group_id(0) * 0x100000000UL + get_local_id(0);
  o[12] = sizeof(holder[3]);
  o[13] = (get_global_id(0) ^ 0xffffffff00000000UL) + 1;
  o[14] = (size_t)(-1) / (get_global_id(0) + 1);
  o[15] = vec_step(size_t);
}
