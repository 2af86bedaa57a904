kernel void k(global float *o, float4 v) { v[5] = 1.0f; o[0] = v[4] + v.x; }
