//! kernel struct_global
//! global 64
//! arg buffer<int> 256 iota
//! arg buffer<int> 128 out

// Structs in global memory, accessed through a cast pointer and ->.
typedef struct {
  int id;
  float weight;
  short s[2];
} record;

kernel void struct_global(global int *raw, global int *out) {
  int i = get_global_id(0);
  global record *r = (global record *)raw;
  record v = r[i];
  r[i].weight = (float)v.id * 0.5f;
  r[i].s[1] = (short)(v.id + 1);
  out[2 * i + 0] = sizeof(record);
  out[2 * i + 1] = (&r[i])->id + v.s[0];
}
