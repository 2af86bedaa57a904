//! kernel atom_legacy
//! global 512
//! arg buffer<int> 4 [0,0,100000,-100000]

// The cl_khr_global_int32_base_atomics / extended_atomics atom_* spellings.
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
kernel void atom_legacy(global int *c) {
  int g = get_global_id(0);
  atom_add(&c[0], g);
  atom_inc(&c[1]);
  atom_min(&c[2], g * 7);
  atom_max(&c[3], g * 3);
}
