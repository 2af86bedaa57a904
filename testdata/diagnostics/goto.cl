// A goto into a block (here into a loop's body) is not supported by clgo;
// gotos to a label of the same or an enclosing block are.
kernel void k(global int *p) {
  int i = 0;
  if (p[0]) goto inside;
  while (i < 4) {
inside:
    p[i] = i;
    i++;
  }
}
