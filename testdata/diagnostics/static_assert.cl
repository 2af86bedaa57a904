_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(sizeof(long) == 4, "long is 32 bits");
typedef struct { char c; int i; } rec;
kernel void k(global int *o, int n) {
  _Static_assert(sizeof(rec) == 8);
  _Static_assert(sizeof(rec) == 5);
  _Static_assert(n > 0, "not constant");
  *o = 0;
}
