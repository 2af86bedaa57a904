//! kernel int_literals
//! global 8
//! arg buffer<long> 96 out

// Integer literal forms: octal, hex, suffixes u l ul, and the type they take.
kernel void int_literals(global long *out) {
  int i = get_global_id(0);
  long b = i;
  out[12 * i + 0] = b + 017;
  out[12 * i + 1] = b + 0x7fffffff;
  out[12 * i + 2] = b + 0xffffffffu;
  out[12 * i + 3] = b + 4294967296L;
  out[12 * i + 4] = b + 10UL;
  out[12 * i + 5] = b * 0x100000000l;
  out[12 * i + 6] = b - 'A';
  out[12 * i + 7] = b + '\n' + '\x7f' + '\101';
  out[12 * i + 8] = sizeof(0xffffffff);
  out[12 * i + 9] = sizeof(4294967296);
  out[12 * i + 10] = sizeof(1u);
  out[12 * i + 11] = -1 < 0u;
}
