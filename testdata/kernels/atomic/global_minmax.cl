//! kernel global_minmax
//! global 1024
//! arg buffer<int> 1024 random(-1000000,1000000)
//! arg buffer<uint> 1024 random
//! arg buffer<int> 2 [2147483647,-2147483648]
//! arg buffer<uint> 2 [4294967295,0]

// atomic_min / atomic_max, signed and unsigned, under contention.
kernel void global_minmax(global const int *a, global const uint *b, global int *smm,
                          global uint *umm) {
  int g = get_global_id(0);
  atomic_min(&smm[0], a[g]);
  atomic_max(&smm[1], a[g]);
  atomic_min(&umm[0], b[g]);
  atomic_max(&umm[1], b[g]);
}
