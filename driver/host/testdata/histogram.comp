#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Data { uint data[]; };
layout(set = 0, binding = 1) buffer Bins { uint bins[256]; };
layout(push_constant) uniform P { int perItem; };
shared uint lbins[256];
void main() {
  uint lid = gl_LocalInvocationID.x;
  for (uint b = lid; b < 256u; b += gl_WorkGroupSize.x)
    lbins[b] = 0u;
  barrier();
  uint base = gl_GlobalInvocationID.x * uint(perItem);
  for (int i = 0; i < perItem; ++i)
    atomicAdd(lbins[data[base + uint(i)] & 255u], 1u);
  barrier();
  for (uint b = lid; b < 256u; b += gl_WorkGroupSize.x)
    atomicAdd(bins[b], lbins[b]);
}
