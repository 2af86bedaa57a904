//! kernel ids_2d_nonsquare
//! global 12,20
//! local 3,5
//! arg buffer<int> 240 out

// A 2-D range whose sizes are not powers of two.
kernel void ids_2d_nonsquare(global int *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * 12 + x] = get_group_id(0) * 1000 + get_group_id(1) * 100 + get_local_id(0) * 10 + get_local_id(1);
}
