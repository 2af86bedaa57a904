//! kernel gridstride_dot
//! global 256
//! local 64
//! arg int 1000
//! arg buffer<float> 1000 random(-1,1)
//! arg buffer<float> 1000 random(-1,1)
//! arg buffer<float> 4 zero
//! arg local<float> 64
//! tolerance 1e-4

// A grid-stride reduction: each work-item sums its products over a
// grid-stride loop (an accumulator read after the loop, whose lanes leave
// it at different iterations), then the work-group sums them in local
// memory.
kernel void gridstride_dot(const int n, global const float *x, global const float *y, global float *partial, local float *scratch) {
  float acc = 0.0f;
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    acc += x[i] * y[i];
  int lid = get_local_id(0);
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
