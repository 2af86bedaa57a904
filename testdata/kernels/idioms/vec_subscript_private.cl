//! kernel vec_subscript_private
//! global 4
//! arg buffer<int> 64 out

// A dynamic subscript of a private vector variable, read and written per
// work-item (and the same through a pointer to its components).
kernel void vec_subscript_private(global int *out) {
  int g = get_global_id(0);
  int4 v = (int4)(g, g + 1, g + 2, g + 3) * 10;
  v[g & 3] += 100;
  out[g] = v.x;
  out[g + 4] = v.y;
  out[g + 8] = v.z;
  out[g + 12] = v.w;
  int4 w = v;
  int *p = (int *)&w;
  p[(g + 1) & 3] = -1;
  out[g + 16] = w.x + w.y + w.z + w.w;
}
