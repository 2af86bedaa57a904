//! kernel rounding
//! global 256
//! arg buffer<float> 256 random(-10,10)
//! arg buffer<float> 2048 out

// ceil, floor, round, rint, trunc, fract, modf, and half-way cases.
kernel void rounding(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = (g % 16 == 0) ? (float)(g / 16) - 7.5f : a[g];
  global float *o = out + 8 * g;
  o[0] = ceil(x);
  o[1] = floor(x);
  o[2] = round(x);
  o[3] = rint(x);
  o[4] = trunc(x);
  float fl;
  o[5] = fract(x, &fl);
  o[6] = fl;
  float ip;
  o[7] = modf(x, &ip) + ip * 100.0f;
}
