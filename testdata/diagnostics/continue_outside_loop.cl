// continue outside a loop.
kernel void k(global int *p) {
  switch (p[0]) {
  case 0: continue;
  }
}
