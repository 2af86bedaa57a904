//! kernel struct_arg
//! global 64
//! arg buffer<int4> 64 random(0,1000)
//! arg buffer<int> 64 out

// A struct passed by pointer to a helper that modifies it.
typedef struct { int sum; int max; int count; } stats;

void add(stats *s, int v) {
  s->sum += v;
  if (v > s->max) s->max = v;
  s->count++;
}

kernel void struct_arg(global const int4 *in, global int *out) {
  int i = get_global_id(0);
  stats s = {0, -1, 0};
  int4 v = in[i];
  add(&s, v.x); add(&s, v.y); add(&s, v.z); add(&s, v.w);
  out[i] = s.sum * 3 + s.max - s.count;
}
