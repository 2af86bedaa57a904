int __attribute__((overloadable)) f(int x) { return 1; }
int __attribute__((overloadable)) f(float x) { return 2; }
int __attribute__((overloadable)) f(int x) { return 3; }
int g(int x);
int __attribute__((overloadable)) g(float x);
int __attribute__((overloadable)) h(long x);
int __attribute__((overloadable)) h(uint x);
int h(char x);
kernel void k(global int *o, int2 v) {
  o[0] = f(v);
  o[1] = h(1);
}
