//! kernel init_tables
//! global 64
//! arg buffer<float> 64 random
//! arg buffer<float> 64 out
//! arg buffer<int> 64 out
//! tolerance 1e-6
//! options -cl-std=CL3.0

// Program-scope __global variables with initializers (OpenCL C 2.0): a
// float table, a 2-D int table, a char table, a struct with a vector and
// a partly initialized array, read through indices and pointers, and one
// written and read back by the same work-item. The reference (PoCL,
// without the feature under CL3.0) declares the read-only ones __constant
// and keeps the written one in private memory.
#ifdef __opencl_c_program_scope_global_variables
#define TABLE global
#else
#define TABLE constant
#endif

typedef struct {
  int n;
  float4 scale;
  short pad[3];
  float bias;
} params_t;

TABLE float coeffs[8] = {0.5f, -1.25f, 2.0f, 0.125f, 3.5f, -0.75f, 1.0f, 0.0625f};
TABLE int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
TABLE uchar bytes[5] = {200, 1, 2, 3, 255};
TABLE params_t params = {6, (float4)(1.0f, 2.0f, 4.0f, 8.0f), {-1, 2}, 0.25f};
#ifdef __opencl_c_program_scope_global_variables
global int scratch[64];
#endif

kernel void init_tables(global const float *in, global float *out, global int *iout) {
  int i = get_global_id(0);
  float x = in[i];
  float acc = params.bias;
  for (int k = 0; k < params.n; k++)
    acc = acc * x + coeffs[k];
  TABLE const float *c = &coeffs[i & 7];
  out[i] = acc * params.scale[i & 3] + *c;
  int g = grid[i % 3][i & 3] + bytes[i % 5] + params.pad[i % 3];
#ifdef __opencl_c_program_scope_global_variables
  scratch[i] = g * 2;
  global int *sp = &scratch[i];
  g = *sp + 1;
#else
  int s = g * 2;
  g = s + 1;
#endif
  iout[i] = g;
}
