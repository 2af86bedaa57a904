//! kernel long_to_float_once
//! global 8
//! arg buffer<long> 8 [0x7fffffbfffffffff,-0x7fffffbfffffffff,0x7fffffc000000000,0x7fffff4000000001,-0x7fffff4000000001,0x10000017fff,-0x8000000000000000,0x7fffffffffffffff]
//! arg buffer<ulong> 8 [0xffffff7fffffffff,0xffffff8000000000,0x8000008000000001,0x8000008000000000]
//! arg buffer<float> 24 out

// long and ulong to float, rounded once to nearest even: values next to a
// float midpoint, where rounding to double first lands on the midpoint
// and the tie then goes the wrong way (0x7fffffbfffffffff is
// 0x1.fffffep+62, not 0x1p+63).
kernel void long_to_float_once(global const long *a, global const ulong *b, global float *out) {
  int i = get_global_id(0);
  out[3 * i + 0] = convert_float(a[i]);
  out[3 * i + 1] = convert_float_rte(a[i]);
  out[3 * i + 2] = convert_float(b[i]);
}
