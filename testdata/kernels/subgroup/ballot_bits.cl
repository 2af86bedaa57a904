//! kernel ballot_bits
//! global 96
//! local 48
//! arg buffer<uint> 96 random(0,4294967295)
//! arg buffer<uint> 96 out
//! options -cl-std=CL2.0

// cl_khr_subgroup_ballot on a value with bits set for sub-group local ids
// that do not exist: sub_group_ballot_bit_count, the ballot scans and
// find_lsb/find_msb consider only the bits of ids below
// get_max_sub_group_size() (the CTS's subgroup_functions_ballot passes
// values with all 128 bits set). Each work-item computes the answers from
// the bits it may consider; bad[i] holds the failed checks, 0 everywhere
// (and on a reference without the extension, which checks nothing).
kernel void ballot_bits(global const uint *in, global uint *bad) {
  uint i = get_global_id(0);
  uint fail = 0;
#ifdef cl_khr_subgroup_ballot
  uint m = get_max_sub_group_size(), me = get_sub_group_local_id();
  // in[i] in the first word, ids beyond m set in every word.
  uint4 v = (uint4)(in[i], 0xffffffffu, 0xffffffffu, 0xffffffffu);
  if (m < 32)
    v.x |= 0xffffffffu << m;
  uint cnt = 0, below = 0, lsb = 128, msb = 0;
  for (uint k = 0; k < m && k < 128; k++) {
    if (!((v[k / 32] >> (k % 32)) & 1))
      continue;
    cnt++;
    if (k < me)
      below++;
    if (lsb == 128)
      lsb = k;
    msb = k;
  }
  uint at = (v[me / 32] >> (me % 32)) & 1;
  if (sub_group_ballot_bit_count(v) != cnt) fail |= 1u << 0;
  if (sub_group_ballot_exclusive_scan(v) != below) fail |= 1u << 1;
  if (sub_group_ballot_inclusive_scan(v) != below + at) fail |= 1u << 2;
  // find_lsb and find_msb are undefined where no bit considered is set.
  if (cnt != 0 && sub_group_ballot_find_lsb(v) != lsb) fail |= 1u << 3;
  if (cnt != 0 && sub_group_ballot_find_msb(v) != msb) fail |= 1u << 4;
#endif
  bad[i] = fail;
}
