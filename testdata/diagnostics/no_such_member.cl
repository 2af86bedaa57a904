// A member that the struct does not have.
typedef struct { int a; } box;
kernel void k(global int *p) {
  box b = {1};
  p[0] = b.c;
}
