#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
// Per invocation: the subgroup's sum, its inclusive prefix sum, the count
// of odd values in its ballot, whether it was elected, and its neighbour's
// value (xor 1); odd invocations also add among themselves (non-uniform).
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = data[i];
  uint b = i * 8;
  o[b] = subgroupAdd(x);
  o[b + 1] = subgroupInclusiveAdd(x);
  o[b + 2] = subgroupBallotBitCount(subgroupBallot((x & 1u) != 0u));
  o[b + 3] = subgroupElect() ? 1u : 0u;
  o[b + 4] = subgroupShuffleXor(x, 1u);
  o[b + 5] = gl_SubgroupInvocationID + 100u * gl_SubgroupID;
  o[b + 6] = gl_NumSubgroups + 100u * gl_SubgroupSize;
  o[b + 7] = 0u;
  if ((x & 1u) != 0u)
    o[b + 7] = subgroupAdd(x);
}
