//! kernel struct_padding
//! global 1
//! arg buffer<int> 16 out

// Struct layout: sizes and member offsets with natural alignment.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct { char c; int i; } s1;
typedef struct { char c; short s; char d; } s2;
typedef struct { char c; double d; } s3;
typedef struct { float4 v; char c; } s4;
typedef struct { char c[3]; } s5;
typedef struct { long l; char c; } s6;

#define OFFSET(T, m) ((int)(size_t)&(((T *)0)->m))

kernel void struct_padding(global int *out) {
  out[0] = sizeof(s1); out[1] = sizeof(s2); out[2] = sizeof(s3);
  out[3] = sizeof(s4); out[4] = sizeof(s5); out[5] = sizeof(s6);
  out[6] = __alignof__(s1); out[7] = __alignof__(s3); out[8] = __alignof__(s4);
  out[9] = OFFSET(s1, i); out[10] = OFFSET(s2, s); out[11] = OFFSET(s2, d);
  out[12] = OFFSET(s4, c); out[13] = OFFSET(s6, c); out[14] = __alignof__(s5);
  out[15] = sizeof(float3);
}
