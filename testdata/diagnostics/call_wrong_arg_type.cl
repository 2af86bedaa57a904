// A helper taking a struct called with an int.
typedef struct { int a; } box;
int get(box b) { return b.a; }
kernel void k(global int *p) {
  p[0] = get(3);
}
