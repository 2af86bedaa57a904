//! kernel local_scalar
//! global 128
//! local 32
//! arg buffer<int> 128 random(0,100)
//! arg buffer<int> 128 out

// A __local scalar written by one work-item and read by all after a barrier.
kernel void local_scalar(global const int *in, global int *out) {
  local int leader;
  local float scale;
  if (get_local_id(0) == 0) {
    leader = in[get_global_id(0)];
    scale = 0.5f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = in[get_global_id(0)] + leader * (int)(scale * 4);
}
