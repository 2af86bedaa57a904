//! kernel atom_local_legacy
//! global 256
//! local 64
//! arg buffer<uint> 4 out

// atom_* on __local memory (cl_khr_local_int32_base_atomics).
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable
kernel void atom_local_legacy(global uint *out) {
  local uint acc;
  if (get_local_id(0) == 0) acc = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atom_add(&acc, (uint)get_local_id(0));
  atom_or(&acc, 0x10000u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[get_group_id(0)] = acc;
}
