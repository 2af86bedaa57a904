//! kernel bitonic_local
//! global 512
//! local 256
//! arg buffer<uint> 1024 random
//! arg buffer<uint> 1024 out
//! arg uint 1

// A bitonic sort of 512 keys per work-group in local memory, every
// (stage, pass) of the network, then one compare-and-swap pass in global
// memory at a distance given by an argument: the partners' indices are
// lane patterns that the host's native tier recognizes at run time
// (every other word at distance 1, pairs at distance 2, runs of four at
// 4, contiguous beyond), under data-dependent masks for the stores.
kernel void bitonic_local(global const uint *in, global uint *out, uint gpass) {
  local uint k[512];
  uint lid = get_local_id(0);
  uint base = get_group_id(0) * 512;
  k[lid] = in[base + lid];
  k[lid + 256] = in[base + lid + 256];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stage = 0; stage < 9; stage++) {
    for (uint pass = stage + 1; pass-- > 0;) {
      uint dist = 1u << pass;
      uint left = ((lid >> pass) << (pass + 1)) + (lid & (dist - 1));
      uint right = left + dist;
      bool up = ((lid >> stage) & 2u) == 0;
      uint a = k[left], b = k[right];
      if ((a > b) == up) {
        k[left] = b;
        k[right] = a;
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  out[base + lid] = k[lid];
  out[base + lid + 256] = k[lid + 256];
  barrier(CLK_GLOBAL_MEM_FENCE);
  uint i = get_global_id(0);
  uint dist = 1u << gpass;
  uint left = ((i >> gpass) << (gpass + 1)) + (i & (dist - 1));
  uint right = left + dist;
  uint a = out[left], b = out[right];
  if (a < b) {
    out[left] = b;
    out[right] = a;
  }
}
