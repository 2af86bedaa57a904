//! kernel pun_local_private
//! global 64
//! local 16
//! arg buffer<uint> 64 random
//! arg local<uint> 32
//! arg buffer<ulong> 64 out
//! arg buffer<uint> 64 out

// Type punning of __local and private memory: a local uint argument
// written as a struct and as ushorts and read back as ulongs, a local
// array used as bytes by one work-item and as uints by another, and a
// private array of floats taken apart as uints, ulongs and bytes.
typedef struct {
  uint key;
  ushort lo, hi;
} pair;

kernel void pun_local_private(global const uint *in, local uint *scratch, global ulong *out, global uint *out2) {
  local uchar bytes[64];
  int l = get_local_id(0), g = get_global_id(0);
  local pair *pairs = (local pair *)scratch;
  pairs[l].key = in[g];
  local ushort *halves = (local ushort *)&pairs[l].lo;
  halves[0] = (ushort)g;
  halves[1] = (ushort)(in[g] >> 16);
  for (int k = 0; k < 4; k++)
    bytes[4 * l + k] = (uchar)(in[g] >> (8 * k));
  barrier(CLK_LOCAL_MEM_FENCE);
  local ulong *wide = (local ulong *)scratch;
  out[g] = wide[(l + 1) % 16];
  local uint *words = (local uint *)bytes;
  float f[4] = {(float)g, 0.5f, -(float)l, 1e-3f * (float)in[g]};
  uint *u = (uint *)f;
  ulong *q = (ulong *)f;
  uchar *c = (uchar *)&f[2];
  out2[g] = words[(l + 3) % 16] ^ u[0] ^ (uint)(q[1] >> 7) ^ c[3];
}
