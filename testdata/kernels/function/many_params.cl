//! kernel many_params
//! global 32
//! arg buffer<int> 32 iota
//! arg buffer<int> 32 out
//! arg int 3
//! arg uint 4
//! arg short 5
//! arg char -6
//! arg float 1.5
//! arg long -8
//! arg ulong 9
//! arg uchar 200
//! arg ushort 60000

// A kernel with many scalar arguments of every integer width and float.
kernel void many_params(global const int *in, global int *out, int a, uint b, short c, char d,
                        float e, long f, ulong h, uchar k, ushort m) {
  int g = get_global_id(0);
  out[g] = in[g] + a + b + c + d + (int)(e * 2) + (int)f + (int)h + k + m;
}
