//! kernel no_local_size
//! global 100
//! arg buffer<uint> 100 out

// A kernel launched without a local size writes only global-size-based values (the local size is up to the driver).
kernel void no_local_size(global uint *out) {
  size_t g = get_global_id(0);
  out[g] = g * 2 + get_global_size(0) + get_work_dim() +
           (get_group_id(0) * get_local_size(0) + get_local_id(0) == g);
}
