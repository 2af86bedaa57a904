//! kernel switch_fallthrough
//! global 64
//! arg buffer<int> 64 random(-1,9)
//! arg buffer<int> 64 out

// switch with fall-through, a default in the middle, grouped cases and break.
kernel void switch_fallthrough(global const int *a, global int *out) {
  int g = get_global_id(0);
  int r = 0;
  switch (a[g]) {
  case 0:
    r += 1;
  case 1:
    r += 10;
    break;
  default:
    r += 1000;
  case 2:
  case 3:
    r += 100;
    break;
  case 7:
    r = -7;
  }
  out[g] = r;
}
