// Adding vectors of different sizes.
kernel void k(global float4 *p) {
  float4 a = p[0];
  float2 b = a.xy;
  p[1] = a + b;
}
