// Adding a struct and an int.
typedef struct { int a; } box;
kernel void k(global int *p) {
  box b = {1};
  p[0] = b + 1;
}
