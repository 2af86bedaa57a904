//! kernel fmod_remainder
//! global 256
//! arg buffer<float> 256 random(-100,100)
//! arg buffer<float> 256 random(0.5,7)
//! arg buffer<float> 1024 out
//! arg buffer<int> 256 out
//! tolerance 1e-5

// fmod, remainder, remquo (its quotient bits), fdim.
kernel void fmod_remainder(global const float *a, global const float *b, global float *out,
                           global int *q) {
  int g = get_global_id(0);
  float x = a[g], y = b[g];
  global float *o = out + 4 * g;
  o[0] = fmod(x, y);
  o[1] = remainder(x, y);
  int quo;
  o[2] = remquo(x, y, &quo);
  q[g] = quo & 7;
  o[3] = fdim(x, y);
}
