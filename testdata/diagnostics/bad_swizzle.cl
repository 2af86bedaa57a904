// A swizzle letter that is not a component name.
kernel void k(global float4 *p) {
  float4 v = p[0];
  p[1] = v.xq;
}
