#version 450
// A built-in and a private array indexed past their ends (for the lanes
// whose inputs say so): TestBuiltinIndexTierErrors compares the tiers'
// errors.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { uint d[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { uint r[]; } dst;
layout(set = 0, binding = 2) readonly buffer InE { uint e[]; } srce;
void main() {
  uint i = gl_LocalInvocationID.x;
  uint a[5] = uint[5](i, 2u * i, 3u * i, 4u * i, src.d[i]);
  a[i % 5] += 7u;
  dst.r[gl_GlobalInvocationID.x] = gl_LocalInvocationID[src.d[i]] + gl_WorkGroupID[src.d[i]] + a[srce.e[i]];
}
