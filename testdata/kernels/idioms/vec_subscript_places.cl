//! kernel vec_subscript_places
//! global 16
//! local 16
//! arg buffer<float4> 16 random
//! arg buffer<float> 128 out

// Dynamic vector subscripts on every kind of place: a union member (word
// view), a packed struct member, __local arrays of vectors, a punned global
// pointer, a private array of vectors, a pointer that may point to either
// of two objects.
typedef union { float4 v; uint4 u; float f[4]; } U;
typedef struct __attribute__((packed)) { char c; float4 v; } PK;
kernel void vec_subscript_places(global float4 *in, global float *out) {
  int i = get_global_id(0);
  int l = get_local_id(0);
  int j = i & 3;
  U u;
  u.v = in[i];
  u.v[j] = 2.0f;
  out[8 * i] = u.f[0] + u.f[1] + u.f[2] + u.f[3];
  PK p;
  p.c = 1;
  p.v = in[i];
  p.v[(j + 1) & 3] = 3.0f;
  out[8 * i + 1] = p.v.x + p.v.y + p.v.z + p.v.w;
  local float4 tile[16];
  tile[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[l][j] += 1.0f;
  out[8 * i + 2] = tile[l][0] + tile[l][1] + tile[l][2] + tile[l][3];
  global float *g = (global float *)in;
  out[8 * i + 3] = ((global float4 *)g)[i][j];
  float4 arr[2] = {in[i], in[(i + 1) & 15]};
  arr[i & 1][j] = 5.0f;
  out[8 * i + 4] = arr[0][j] + arr[1][(j + 3) & 3];
  float4 *pp = (i & 1) ? &arr[0] : &arr[1];
  pp[0][j] = 7.0f;
  out[8 * i + 5] = arr[0][j] + arr[1][j];
}
