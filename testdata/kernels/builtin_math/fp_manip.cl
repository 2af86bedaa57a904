//! kernel fp_manip
//! global 256
//! arg buffer<float> 256 random(-1000,1000)
//! arg buffer<float> 1536 out
//! arg buffer<int> 512 out

// frexp, ldexp, ilogb, logb, copysign, nextafter.
kernel void fp_manip(global const float *a, global float *out, global int *io) {
  int g = get_global_id(0);
  float x = a[g];
  int e;
  global float *o = out + 6 * g;
  o[0] = frexp(x, &e);
  io[2 * g] = e;
  o[1] = ldexp(x, g % 10 - 5);
  io[2 * g + 1] = ilogb(x);
  o[2] = logb(x);
  o[3] = copysign(x, (float)(g - 128));
  o[4] = nextafter(x, 0.0f);
  o[5] = nextafter(x, INFINITY) - x;
}
