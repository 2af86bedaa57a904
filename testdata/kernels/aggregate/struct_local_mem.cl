//! kernel struct_local_mem
//! global 64
//! local 64
//! arg buffer<int> 64 random(0,1000)
//! arg buffer<int> 64 out

// An array of structs in __local memory, written then read across work-items.
typedef struct { int key; int val; } kv;

kernel void struct_local_mem(global const int *in, global int *out) {
  local kv items[64];
  int l = get_local_id(0);
  items[l].key = l;
  items[l].val = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  kv o = items[63 - l];
  out[get_global_id(0)] = o.key * 10000 + o.val;
}
