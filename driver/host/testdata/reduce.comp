#version 450
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint LOCAL = 64;
layout(set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(set = 0, binding = 1) buffer Out { uint partial[]; };
shared uint scratch[LOCAL];
void main() {
  uint lid = gl_LocalInvocationID.x;
  scratch[lid] = data[gl_GlobalInvocationID.x];
  barrier();
  for (uint s = gl_WorkGroupSize.x / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier();
  }
  if (lid == 0)
    partial[gl_WorkGroupID.x] = scratch[0];
}
