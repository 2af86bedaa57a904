// A builtin called with the wrong number of arguments (with candidate notes).
kernel void k(global float *p) {
  p[0] = dot(p[1]);
}
