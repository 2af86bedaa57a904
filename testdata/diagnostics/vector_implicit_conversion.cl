// Vector types do not convert implicitly.
kernel void k(global int4 *p, global float4 *q) {
  int4 v = q[0];
  p[0] = v;
}
