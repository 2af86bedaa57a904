// A swizzle with a repeated component cannot be assigned to.
kernel void k(global float4 *p) {
  float4 v = p[0];
  v.xx = (float2)(1.0f, 2.0f);
  p[1] = v;
}
