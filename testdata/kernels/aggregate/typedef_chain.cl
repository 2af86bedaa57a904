//! kernel typedef_chain
//! global 32
//! arg buffer<float> 32 random
//! arg buffer<float> 32 out
//! tolerance 1e-6

// Typedefs of scalars, vectors, pointers, arrays and structs; typedef of a typedef.
typedef float real;
typedef real real_t;
typedef float4 quad;
typedef real arr3[3];
typedef global const real *in_ptr;
typedef struct node { real v; struct node *next; } node;

kernel void typedef_chain(in_ptr in, global real_t *out) {
  int g = get_global_id(0);
  arr3 a = {in[g], 2.0f, 3.0f};
  quad q = (quad)(a[0], a[1], a[2], 1.0f);
  node n2 = {q.y, 0};
  node n1 = {q.x, &n2};
  out[g] = n1.v + n1.next->v * q.z + (real)sizeof(arr3);
}
