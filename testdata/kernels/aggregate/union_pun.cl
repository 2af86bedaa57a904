//! kernel union_pun
//! global 64
//! arg buffer<float> 64 random(-10,10)
//! arg buffer<uint> 64 out
//! arg buffer<uchar> 256 out

// A union reads the bits of a float as a uint and as bytes.
typedef union {
  float f;
  uint u;
  uchar b[4];
} bits;

kernel void union_pun(global const float *in, global uint *out, global uchar *bytes) {
  int i = get_global_id(0);
  bits x;
  x.f = in[i];
  out[i] = x.u;
  for (int k = 0; k < 4; k++)
    bytes[4 * i + k] = x.b[k];
}
