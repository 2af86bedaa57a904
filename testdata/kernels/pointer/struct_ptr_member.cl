//! kernel struct_ptr_member
//! global 32
//! arg buffer<float> 32 random
//! arg buffer<float> 32 out
//! tolerance 1e-6

// A struct holding pointers into global and private memory.
typedef struct {
  global const float *src;
  float *acc;
  int n;
} job;

void run(job j) {
  for (int k = 0; k < j.n; k++) *j.acc += j.src[k];
}

kernel void struct_ptr_member(global const float *in, global float *out) {
  int g = get_global_id(0);
  float acc = 0.0f;
  job j = {in + g, &acc, 32 - g};
  run(j);
  out[g] = acc;
}
