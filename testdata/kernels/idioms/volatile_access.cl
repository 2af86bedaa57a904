//! kernel volatile_access
//! global 64
//! local 16
//! arg buffer<int> 64 random
//! arg buffer<int> 64 out

// volatile objects (global, local, private, struct members, through
// pointers): reads and writes keep their Volatile memory operand and
// compute as plain ones.
typedef struct { volatile int n; int m; } counter;

kernel void volatile_access(global const int *in, volatile global int *out) {
  int i = get_global_id(0);
  int l = get_local_id(0);
  volatile local int tile[16];
  tile[l] = in[i] & 0xff;
  barrier(CLK_LOCAL_MEM_FENCE);
  volatile int acc = 0;
  for (int k = 0; k < 16; k++)
    acc += tile[k];
  counter c = {1, 2};
  c.n++;
  c.n *= 3;
  volatile int *p = &acc;
  *p = *p + c.n + c.m;
  out[i] = acc;
  out[i] ^= l;
}
