//! kernel struct_local
//! global 4
//! local 2
//! arg buffer<int> 20008 random(0,1000)
//! arg buffer<int> 20008 out

// A struct of more than 4,096 scalars loaded whole from a buffer, passed
// through a function, stored whole into local memory, read back by the
// other work-item of the group and stored whole into another buffer.
// Native code checks each of the copies' thousands of offsets against
// the region's length, each offset a constant of the code's pool (their
// linear search made this kernel's native build 20 s).
typedef struct {
  int n;
  int a[5001];
} S;

S twice(S s) {
  for (int k = 0; k < 5001; k += 97)
    s.a[k] *= 2;
  return s;
}

kernel void struct_local(global const S *in, global S *out) {
  int i = get_global_id(0);
  local S tmp[2];
  S s = in[i];
  if (s.n & 1)
    s = twice(s);
  tmp[get_local_id(0)] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  S t = tmp[get_local_id(0) ^ 1];
  t.n += i;
  out[3 - i] = t;
}
