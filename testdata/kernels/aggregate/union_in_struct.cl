//! kernel union_in_struct
//! global 32
//! arg buffer<int> 32 random(0,1)
//! arg buffer<float> 32 out

// A tagged union inside a struct.
typedef struct {
  int tag;
  union { int i; float f; } val;
} tagged;

float as_number(tagged t) { return t.tag ? t.val.f : (float)t.val.i; }

kernel void union_in_struct(global const int *kind, global float *out) {
  int g = get_global_id(0);
  tagged t;
  t.tag = kind[g];
  if (t.tag)
    t.val.f = 0.5f * g;
  else
    t.val.i = -g;
  out[g] = as_number(t);
}
