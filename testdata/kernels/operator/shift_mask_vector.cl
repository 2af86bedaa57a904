//! kernel shift_mask_vector
//! global 64
//! arg buffer<uchar4> 64 random
//! arg buffer<uchar4> 64 random(0,255)
//! arg buffer<short4> 64 random
//! arg buffer<uchar4> 64 out
//! arg buffer<short4> 64 out

// Vector shifts mask each count by the element width: uchar4 by 7, short4 by 15.
kernel void shift_mask_vector(global const uchar4 *a, global const uchar4 *n,
                              global const short4 *s, global uchar4 *o1, global short4 *o2) {
  int g = get_global_id(0);
  o1[g] = (a[g] << n[g]) ^ (a[g] >> n[g].wzyx);
  o2[g] = (s[g] >> (short4)(15, 16, 17, 31)) + (s[g] << (short)(g));
}
