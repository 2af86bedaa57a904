//! kernel switch_const_break
//! global 64
//! local 16
//! arg buffer<int> 64 random(0,99)
//! arg buffer<int> 64 out

// A switch whose selector is a constant once the helper is inlined, with
// breaks from inside ifs of the case taken (per work-item, diverging).
// Folding the switch to the case taken must keep its merge: those breaks
// branch to it, which structured SPIR-V allows only for a switch's merge
// (spirv/opt/branchfold.go; without it the module was invalid and
// lavapipe refused the pipeline).
int h(int mode, int x) {
  int r = x;
  switch (mode) {
  case 1:
    if (x & 1)
      break;
    r += 10;
    if (x & 2) {
      r *= 3;
      break;
    }
    r -= 4;
  case 2:
    r ^= 0x55;
    break;
  default:
    for (int k = 0; k < 3; k++) {
      if (x > 50)
        break;
      r += k;
    }
  }
  return r * 2 + 1;
}

kernel void switch_const_break(global const int *in, global int *out) {
  int i = get_global_id(0);
  int x = in[i];
  out[i] = h(1, x) + 3 * h(2, x) + 5 * h(0, x);
}
