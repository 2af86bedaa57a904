#version 450
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
// Float atomics (OpAtomicFAddEXT, OpAtomicFMinEXT, OpAtomicFMaxEXT) on
// buffer and Workgroup memory, in float and double, with NaNs and signed
// zeros among the operands: TestFloatAtomicTiers runs one work-group of
// it on every tier (one group: the order of the adds is the lanes').
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { float v[]; } src;
layout(set = 0, binding = 1) buffer Acc { float a[]; } acc;
layout(set = 0, binding = 2) buffer AccD { double a[]; } accd;
layout(set = 0, binding = 3) writeonly buffer Old { float r[]; } old;
shared float sh[4];
void main() {
  uint i = gl_LocalInvocationID.x;
  float x = src.v[i];
  if (i < 4) sh[i] = 1.0;
  barrier();
  old.r[4*i] = atomicAdd(acc.a[i % 4], x);
  old.r[4*i+1] = atomicMin(acc.a[4 + i % 4], x);
  old.r[4*i+2] = atomicMax(acc.a[8 + i % 4], x);
  old.r[4*i+3] = atomicAdd(sh[i % 4], x);
  atomicAdd(accd.a[i % 2], double(x) * 1e-3);
  atomicMin(accd.a[2 + i % 2], double(x));
  atomicMax(accd.a[4 + i % 2], double(x));
  barrier();
  if (i < 4) acc.a[12 + i] = sh[i];
}
