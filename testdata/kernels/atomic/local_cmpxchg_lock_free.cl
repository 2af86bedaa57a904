//! kernel local_cmpxchg_lock_free
//! global 256
//! local 64
//! arg buffer<int> 256 random(1,100)
//! arg buffer<int> 4 out

// A lock-free add built from a cmpxchg retry loop on __local memory.
kernel void local_cmpxchg_lock_free(global const int *in, global int *out) {
  local int total;
  int l = get_local_id(0);
  if (l == 0) total = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[get_global_id(0)];
  int old = total, seen;
  while ((seen = atomic_cmpxchg(&total, old, old + v)) != old)
    old = seen;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) out[get_group_id(0)] = total;
}
