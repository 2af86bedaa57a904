#version 450
// frexp and modf on float and double, in both of glslang's forms (the
// struct result, taken apart), over edge values: zeros, infinities,
// NaNs, subnormals, negative integers.
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) buffer In { float xf[]; };
layout(std430, set = 0, binding = 1) buffer InD { double xd[]; };
layout(std430, set = 0, binding = 2) buffer Out { float of[]; };
layout(std430, set = 0, binding = 3) buffer OutD { double od[]; };
layout(std430, set = 0, binding = 4) buffer OutI { int oi[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int e;
  float w;
  of[3 * i] = frexp(xf[i], e);
  oi[2 * i] = e;
  of[3 * i + 1] = modf(xf[i], w);
  of[3 * i + 2] = w;
  double wd;
  int ed;
  od[3 * i] = frexp(xd[i], ed);
  oi[2 * i + 1] = ed;
  od[3 * i + 1] = modf(xd[i], wd);
  od[3 * i + 2] = wd;
}
