// A goto into a block makes the function a state machine (a loop over a
// switch on the next label); a barrier inside it is refused, since clgo
// cannot keep it in convergent control flow there.
kernel void k(global int *p, local int *l) {
  int i = get_local_id(0);
  if (p[0]) goto inside;
  l[i] = i;
  while (i < 4) {
inside:
    barrier(CLK_LOCAL_MEM_FENCE);
    p[i] = l[i];
    i++;
  }
}
