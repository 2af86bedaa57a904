//! kernel implicit_narrowing
//! global 64
//! arg buffer<float> 64 random(-200,200)
//! arg buffer<uchar> 64 out
//! arg buffer<short> 64 out

// Implicit narrowing on assignment: float to uchar via int (in range), int to short wraps.
kernel void implicit_narrowing(global const float *a, global uchar *o1, global short *o2) {
  int g = get_global_id(0);
  float f = fabs(a[g]);
  int i = (int)(a[g] * 1000.0f);
  o1[g] = f;
  o2[g] = i;
}
