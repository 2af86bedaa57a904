//! kernel gridstride_partial
//! global 60
//! local 12
//! arg int 500
//! arg buffer<float> 500 random(-1,1)
//! arg buffer<float> 500 zero

// A grid-stride loop in work-groups of 12 lanes: the host tier's chunks
// of 8 leave the second chunk of a group with 4 missing lanes, which
// enter the loop under a partial mask (the loop index then has no lane
// form, and the accesses take their general code).
kernel void gridstride_partial(const int n, global const float *x, global float *y) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    y[i] = x[i] * 2.0f + (float)i;
}
