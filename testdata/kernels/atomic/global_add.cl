//! kernel global_add
//! global 1024
//! local 64
//! arg buffer<int> 1024 random(-1000,1000)
//! arg buffer<int> 4 zero

// atomic_add on one global counter from every work-item (order-independent sum).
kernel void global_add(global const int *in, global int *sum) {
  int g = get_global_id(0);
  atomic_add(&sum[0], in[g]);
  atomic_add(&sum[1], 1);
  atomic_sub(&sum[2], in[g] & 7);
  atomic_inc(&sum[3]);
}
