// A builtin called with an argument type it has no overload for.
typedef struct { float x; } s;
kernel void k(global float *p) {
  s v = {1.0f};
  p[0] = sqrt(v);
}
