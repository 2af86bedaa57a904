// A vector literal with too few components.
kernel void k(global float4 *p) {
  p[0] = (float4)(1.0f, 2.0f, 3.0f);
}
