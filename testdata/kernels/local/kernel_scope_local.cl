//! kernel kernel_scope_local
//! global 256
//! local 64
//! arg buffer<int> 256 random(0,1000)
//! arg buffer<int> 256 out

// A kernel-scope __local array shared by the work-group: rotate values by one position.
kernel void kernel_scope_local(global const int *in, global int *out) {
  local int buf[64];
  int l = get_local_id(0);
  buf[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = buf[(l + 1) % 64];
}
