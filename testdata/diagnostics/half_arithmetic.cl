// half values cannot be declared or used without cl_khr_fp16.
kernel void k(global half *p, global float *q) {
  half h = p[0];
  q[0] = h;
}
