//! kernel ptr_to_int_program_scope
//! global 1
//! arg buffer<ulong> 12 zero

// Addresses of whole program-scope __constant arrays cast to integers (the
// CTS's kernel_memory_alignment_constant): aligned for their element type,
// and element addresses a whole array apart.
constant char mem0[3] = {0};
constant char3 mem3[3] = {(char3)(0)};
constant short8 mem8[3] = {(short8)(0)};
constant float16 mem16[3] = {(float16)(0)};

kernel void ptr_to_int_program_scope(global ulong *o) {
  o[0] = (ulong)&mem0 % 1 == 0;
  o[1] = (ulong)&mem3 % 4 == 0;
  o[2] = (ulong)&mem8 % 16 == 0;
  o[3] = (ulong)(&mem16) % 64 == 0;
  o[4] = (ulong)&mem16[2] - (ulong)&mem16;
  o[5] = (ulong)&mem3[1] - (ulong)mem3;
  o[6] = (ulong)&mem0 != (ulong)&mem3;
  o[7] = mem0[1] + mem3[2].y + mem8[0].s7 + (ulong)mem16[1].sf;
}
