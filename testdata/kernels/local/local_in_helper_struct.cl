//! kernel local_in_helper_struct
//! global 128
//! local 64
//! arg buffer<int> 128 random(0,50)
//! arg buffer<int> 128 out

// A __local array of structs passed to a helper by pointer.
typedef struct { int v; int w; } cell;

int neighbour_sum(local cell *c, int l, int n) { return c[(l + 1) % n].v + c[(l + n - 1) % n].w; }

kernel void local_in_helper_struct(global const int *in, global int *out) {
  local cell cells[64];
  int l = get_local_id(0);
  cells[l].v = in[get_global_id(0)];
  cells[l].w = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = neighbour_sum(cells, l, 64);
}
