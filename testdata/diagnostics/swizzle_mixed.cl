// Mixing the .xyzw and .sN component forms in one swizzle.
kernel void k(global float4 *p) {
  float4 v = p[0];
  p[1].xy = v.s0y;
}
