//! kernel atomic_float_xchg
//! global 64
//! arg buffer<float> 64 zero
//! arg buffer<float> 64 out

// atomic_xchg on float (OpenCL 1.1+): each work-item swaps its own slot, no contention.
kernel void atomic_float_xchg(global float *slots, global float *old) {
  int g = get_global_id(0);
  slots[g] = 1.5f;
  old[g] = atomic_xchg(&slots[g], (float)g * 0.25f);
}
