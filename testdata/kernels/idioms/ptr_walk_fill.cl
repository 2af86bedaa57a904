//! kernel prefix_rows
//! global 16
//! arg buffer<float> 256 out
//! arg buffer<float> 256 random
//! arg int 16
//! tolerance 1e-6

// Pointer walks over kernel arguments: while (p < end) *p++ = ..., a
// do-while with !=, and the pointer difference after the walk.
kernel void prefix_rows(global float *out, global const float *in, int width) {
  int g = get_global_id(0);
  global float *end = out + (g + 1) * width;
  out += g * width;
  in += g * width;
  global float *row = out;
  float acc = 0.0f;
  while (out < end)
    *out++ = acc += *in++;
  // Back over the row, halving every other element.
  do {
    --out;
    if ((out - row) & 1)
      *out *= 0.5f;
  } while (out != row);
  row[0] = (float)(end - out);
}
