//! kernel sizeof_kinds
//! global 1
//! arg buffer<int> 32 out

// sizeof of scalar, vector (3-vectors take 4 slots), pointer, array, struct types and expressions.
typedef struct { char c; float4 v; } sv;

kernel void sizeof_kinds(global int *out) {
  int arr[7];
  char16 c16;
  out[0] = sizeof(char); out[1] = sizeof(short); out[2] = sizeof(int); out[3] = sizeof(long);
  out[4] = sizeof(float); out[5] = sizeof(half); out[6] = sizeof(uchar3); out[7] = sizeof(int3);
  out[8] = sizeof(float8); out[9] = sizeof(long16); out[10] = sizeof arr; out[11] = sizeof(c16);
  out[12] = sizeof(sv); out[13] = sizeof(size_t) >= 4; out[14] = sizeof(global int *) >= 4;
  out[15] = sizeof(arr[0]); out[16] = sizeof(out[0] + 1L); out[17] = sizeof(bool);
  out[18] = sizeof(short3); out[19] = sizeof(ushort2);
  out[20] = vec_step(float); out[21] = vec_step(int3); out[22] = vec_step(c16);
  out[23] = vec_step(uchar8); out[24] = vec_step(float2);
  out[25] = __alignof__(int4); out[26] = __alignof__(char3); out[27] = __alignof__(sv);
  out[28] = __alignof__(double); out[29] = __alignof__(short); out[30] = sizeof 'a';
  out[31] = sizeof(1.0f);
}
