//! kernel private_byte_view
//! global 64
//! arg buffer<int> 64 random
//! arg buffer<int> 64 out

// Byte view of a private variable: reverse the bytes of an int in place.
kernel void private_byte_view(global const int *in, global int *out) {
  int g = get_global_id(0);
  int v = in[g];
  uchar *p = (uchar *)&v;
  uchar t = p[0]; p[0] = p[3]; p[3] = t;
  t = p[1]; p[1] = p[2]; p[2] = t;
  out[g] = v;
}
