//! kernel ptr_to_int_alignment
//! global 4
//! local 4
//! arg buffer<char> 64 random
//! arg buffer<float4> 8 random
//! arg buffer<short> 16 random
//! arg buffer<ulong> 96 zero

// Pointer to integer casts (the CTS's kernel_memory_alignment_*): an
// address is a multiple of its type's alignment in every address space,
// addresses within one object differ by the byte distance, and the null
// pointer is 0.
typedef struct { char c; int i; double2 d; } S;

#define ALIGNED(p, a) (((ulong)(p) % (a)) == 0 && ((uint)(p) % (a)) == 0)

kernel void ptr_to_int_alignment(global char *g, global float4 *g4, constant short *cs,
                                 global ulong *out) {
  private char p1[3];
  private char2 p2[3];
  private int3 p3[3];
  private long8 p8[3];
  private S s;
  local char l1[5];
  local float16 l16[2];
  local short3 l3[4];
  int t = get_local_id(0);
  global ulong *o = out + 24 * t;
  p1[t % 3] = g[t];
  p2[t % 3] = (char2)(1, 2);
  p3[t % 3] = (int3)(t);
  p8[t % 3] = (long8)(t);
  s.c = 1;
  l1[t] = 1;
  l16[t % 2] = 1.0f;
  l3[t] = (short3)(1);
  barrier(CLK_LOCAL_MEM_FENCE);
  o[0] = ALIGNED(&p1[t % 3], 1);
  o[1] = ALIGNED(&p2[t % 3], 2);
  o[2] = ALIGNED(&p3[t % 3], 16);
  o[3] = ALIGNED(&p8[t % 3], 64);
  o[4] = ALIGNED(&l1[t], 1);
  o[5] = ALIGNED(&l16[t % 2], 64);
  o[6] = ALIGNED(&l3[t], 8);
  o[7] = ALIGNED(&g[t], 1);
  o[8] = ALIGNED(&g4[t], 16);
  o[9] = ALIGNED(&cs[t], 2);
  o[10] = ALIGNED(&s.d, 16);
  o[11] = (ulong)&p8[2] - (ulong)&p8[0];
  o[12] = (ulong)&g4[t + 3] - (ulong)&g4[t];
  o[13] = (uint)&cs[7] - (uint)&cs[1];
  o[14] = (ulong)&s.i - (ulong)&s;
  o[15] = (ulong)(global int *)0;
  o[16] = (uintptr_t)&g[5] - (uintptr_t)g;
  o[17] = (ulong)&l3[3] - (ulong)&l3[t];
  o[18] = (ulong)(g + t) == (ulong)&g[t];
  o[19] = (ulong)(g + t) != 0;
  o[21] = ALIGNED(&p8, 64) && ALIGNED(&l16, 64) && ALIGNED(&p3, 16);
  o[22] = (ulong)&l3[1] - (ulong)&l3;
  o[20] = s.c + p1[t % 3] + p2[t % 3].y + p3[t % 3].x + p8[t % 3].s0 + l1[t] + l3[t].z + (long)l16[t % 2].s0;
}
