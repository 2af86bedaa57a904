//! kernel lib_calls
//! global 256
//! local 64
//! arg buffer<float> 256 random(-4,4)
//! arg buffer<double> 256 random(0.1,6)
//! arg buffer<float> 4096 out
//! arg buffer<float> 256 out
//! arg buffer<double> 1280 out
//! arg buffer<int> 256 out
//! tolerance 1e-5

// The math library's functions are SPIR-V functions that kernels call:
// once per component of a 16-wide vector, under divergent control flow
// and in loops of varying trip counts (each work-item calls with its own
// lanes active), from other library functions (tgamma and pow call exp
// and log), and from two kernels of one module that share them.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void lib_calls(global const float *a, global const double *d,
                      global float *out, global float *div,
                      global double *dout, global int *quo) {
  int g = get_global_id(0);
  float x = a[g];
  float16 v = (float16)(x) + (float16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                       11, 12, 13, 14, 15) * 0.125f;
  vstore16(exp(v * 0.5f) + sin(v), g, out);

  float r = 0.0f;
  if (g % 3 == 0) {
    r = sin(x);
  } else if (g % 3 == 1) {
    r = log1p(fabs(x));
  }
  for (int i = 0; i < (g & 7); i++) {
    r += 0.25f * cos(r + (float)i);
  }
  div[g] = r;

  double y = d[g];
  double4 t = tgamma((double4)(y, y + 0.5, y + 1.25, 2.5));
  vstore4(t, g, dout);
  int q;
  dout[1024 + g] = remquo(y * 7.0, 1.5, &q) + pow(y, 1.5);
  quo[g] = q;
}

// A second kernel of the module: it calls the same library functions.
kernel void lib_calls_too(global float *p, global double *e) {
  int g = get_global_id(0);
  p[g] = exp(p[g]) + cos(p[g]);
  e[g] = tgamma(e[g]);
}
