//! kernel overloadable
//! global 16
//! arg buffer<float> 16 random
//! arg buffer<int> 256 out

// __attribute__((overloadable)) helpers, as type-generic OpenCL libraries
// write them: chosen by argument types (exact match, then promotion, then
// conversion), with prototypes before definitions and vector overloads.
int __attribute__((overloadable)) kind(int x);
int __attribute__((overloadable)) kind(int x) { return 1; }
int __attribute__((overloadable)) kind(uint x) { return 2; }
int __attribute__((overloadable)) kind(float x) { return 3; }
int __attribute__((overloadable)) kind(double x) { return 4; }
int __attribute__((overloadable)) kind(float4 x) { return 5; }
int __attribute__((overloadable)) kind(global const float *p) { return 6; }
int __attribute__((overloadable)) kind(int a, int b) { return 7; }

static inline __attribute__((overloadable)) float twice(float x) { return 2.0f * x; }
static inline __attribute__((overloadable)) float4 twice(float4 x) { return x + x; }
static inline __attribute__((overloadable)) int twice(int x) { return x << 1; }

kernel void overloadable(global const float *in, global int *out) {
  int i = get_global_id(0);
  global int *o = out + 16 * i;
  float x = in[i];
  o[0] = kind(i);
  o[1] = kind((uint)i);
  o[2] = kind(x);
  o[3] = kind((double)x);
  o[4] = kind((float4)(x));
  o[5] = kind(in);
  o[6] = kind(i, i);
  o[7] = kind((short)i);   // promotion to int
  o[8] = kind('a');        // char promotes to int
  o[9] = (int)(twice(x) * 100.0f);
  o[10] = twice(i);
  float4 v = twice((float4)(x, 1.0f, 2.0f, 3.0f));
  o[11] = (int)(v.x * 100.0f) + (int)v.w;
}
