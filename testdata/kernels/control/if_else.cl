//! kernel if_else
//! global 64
//! arg buffer<int> 64 random(-100,100)
//! arg buffer<int> 64 out

// if / else if / else chains, nested ifs, and dangling else.
kernel void if_else(global const int *a, global int *out) {
  int g = get_global_id(0);
  int x = a[g], r;
  if (x < -50)
    r = 1;
  else if (x < 0)
    r = 2;
  else if (x == 0)
    r = 3;
  else {
    if (x & 1)
      if (x > 50) r = 4;
      else r = 5;
    else
      r = 6;
  }
  out[g] = r;
}
