// An explicit cast between vector types is not allowed either.
kernel void k(global int4 *p, global float4 *q) {
  p[0] = (int4)q[0];
}
