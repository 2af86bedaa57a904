// A __local variable cannot have an initializer.
kernel void k(global int *p) {
  local int x = 5;
  p[0] = x;
}
