//! kernel wide_live
//! global 512
//! local 64
//! arg buffer<double> 512 random(-1,1)
//! arg buffer<float> 512 random(-1,1)
//! arg buffer<double> 1024 out
//! tolerance 1e-5

// Wide vectors whose components all stay live through a loop: two
// double16 and two float16 recurrences (64 doubles' and 32 floats'
// worth of registers per work-item, more than a CPU's vector registers
// hold for 8 work-items at once), reduced at the end. On the host
// driver's native code with AVX-512 this runs in both levels of its
// register cache (Y6-Y15 and Y16-Y31, driver/host/internal/jit/hicache.go).
kernel void wide_live(global const double *a, global const float *b, global double *out) {
  int i = get_global_id(0);
  double s = a[i];
  float t = b[i];
  double16 x = (double16)(s) * (double16)(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16) * 0.0625;
  double16 y = (double16)(0.5) + (double16)(t) * 0.25;
  float16 u = (float16)(t) / (float16)(1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 10.0f, 11.0f, 12.0f, 13.0f, 14.0f, 15.0f, 16.0f);
  float16 v = (float16)((float)s) - u;
  for (int k = 0; k < 6 + (i & 3); k++) {
    x = x * 0.8 + y * 0.6;
    y = y * 0.8 - x * 0.6;
    u = u * 0.8f + v * 0.6f;
    v = v * 0.8f - u / 1.6f;
  }
  double8 h = x.lo + x.hi * y.lo - y.hi;
  double4 q = h.lo * 0.5 + h.hi;
  double2 r = q.lo - q.hi;
  float8 uh = u.lo * u.hi + v.lo - v.hi;
  float4 uq = uh.lo + uh.hi;
  float2 ur = uq.lo * uq.hi;
  out[2 * i] = r.x + r.y;
  out[2 * i + 1] = (double)(ur.x + ur.y) * 100.0;
}
