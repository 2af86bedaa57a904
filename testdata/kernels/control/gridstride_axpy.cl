//! kernel gridstride_axpy
//! global 256
//! local 64
//! arg int 1000
//! arg float 1.5
//! arg buffer<float> 1000 random(-1,1)
//! arg buffer<float> 1000 random(-1,1)
//! tolerance 1e-6

// A grid-stride loop (CLBlast's level-1 routines): i starts at the global
// id and steps by the global size, so the lanes leave the loop at
// different iterations (1000 is no multiple of 256). The index the loop
// advances is affine in the lane: the host tier's loads and stores of
// x[i] and y[i] are vector accesses.
kernel void gridstride_axpy(const int n, const float alpha, global const float *x, global float *y) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    y[i] += alpha * x[i];
}
