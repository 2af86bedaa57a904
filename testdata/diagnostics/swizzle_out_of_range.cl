// .z on a 2-component vector.
kernel void k(global float2 *p) {
  float2 v = p[0];
  p[1] = v.z;
}
