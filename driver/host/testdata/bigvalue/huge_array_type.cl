//! kernel huge_array_type
//! global 16
//! arg buffer<int> 16 random

// A pointer to an array type of 2^30 chars (the largest the compiler
// takes is below 2 GiB): the type is only a layout, the buffer is small.
typedef char Huge[1 << 30];

kernel void huge_array_type(global Huge *p) {
  int i = get_global_id(0);
  (*p)[i] = i * 2;
  p[0][32 + i] += (*p)[48 + i];
}
