// Bit-fields are not allowed in OpenCL C.
typedef struct { int a : 3; int b : 5; } flags;
kernel void k(global int *p) {
  flags f = {1, 2};
  p[0] = f.a;
}
