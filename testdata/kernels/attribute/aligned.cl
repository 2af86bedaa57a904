//! kernel aligned_attr
//! global 32
//! arg buffer<int> 64 out

// The aligned attribute on types, struct members and variables changes sizeof and layout.
typedef struct { char c; int i __attribute__((aligned(16))); } al_member;
typedef int int_a8 __attribute__((aligned(8)));
typedef struct __attribute__((aligned(32))) { int x; } al_struct;

kernel void aligned_attr(global int *out) {
  int g = get_global_id(0);
  __attribute__((aligned(16))) int local_arr[3] = {g, g + 1, g + 2};
  al_member m = {1, g};
  out[2 * g + 0] = sizeof(al_member) * 100 + sizeof(al_struct) + __alignof__(int_a8) * 1000;
  out[2 * g + 1] = m.i + local_arr[2] + (int)((size_t)&((al_member *)0)->i);
}
