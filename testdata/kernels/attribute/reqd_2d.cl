//! kernel reqd_2d
//! global 16,16
//! local 8,4
//! arg buffer<int> 256 out

// reqd_work_group_size in two dimensions, written after the kernel keyword.
kernel __attribute__((reqd_work_group_size(8, 4, 1))) void reqd_2d(global int *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * 16 + x] = get_local_id(0) + get_local_id(1) * 8 + get_local_size(0) * get_local_size(1) * 100;
}
