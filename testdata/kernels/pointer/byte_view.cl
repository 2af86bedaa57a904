//! kernel byte_view
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<uchar> 256 out
//! arg buffer<uint> 64 out

// Casting a global uint pointer to a uchar pointer reads bytes (little-endian); writes back through bytes.
kernel void byte_view(global uint *in, global uchar *out, global uint *back) {
  int g = get_global_id(0);
  global uchar *b = (global uchar *)in;
  for (int k = 0; k < 4; k++)
    out[4 * g + k] = b[4 * g + 3 - k];
  global uchar *o = (global uchar *)back;
  for (int k = 0; k < 4; k++)
    o[4 * g + k] = (uchar)(b[4 * g + k] + 1);
}
