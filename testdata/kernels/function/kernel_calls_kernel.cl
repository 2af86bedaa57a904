//! kernel outer
//! global 64
//! arg buffer<int> 64 iota
//! arg buffer<int> 64 out

// A kernel calling another kernel as an ordinary function (allowed in OpenCL C 1.2).
kernel void inner(global const int *in, global int *out) {
  int g = get_global_id(0);
  out[g] = in[g] * 3;
}

kernel void outer(global const int *in, global int *out) {
  inner(in, out);
  out[get_global_id(0)] += 1;
}
