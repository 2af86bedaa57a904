//! kernel int_widening
//! global 128
//! arg buffer<short8> 128 random
//! arg buffer<short8> 128 out

// Widening scalars for a short8: the scalar must not outrank the element type, hence the (short) casts; shift counts may be int.
kernel void int_widening(global const short8 *a, global short8 *out) {
  int i = get_global_id(0);
  short8 v = a[i];
  out[i] = (v >> 2) + (short)3 - (v & (short)0xF) * (short)2 + (short)i;
}
