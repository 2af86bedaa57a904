//! kernel compound_literal
//! global 32
//! arg buffer<int> 32 random(0,100)
//! arg buffer<int> 32 out

// Compound literals of struct and array type.
typedef struct { int x, y; } pt;

int manhattan(pt a, pt b) { return abs(a.x - b.x) + abs(a.y - b.y); }

kernel void compound_literal(global const int *in, global int *out) {
  int g = get_global_id(0);
  int v = in[g];
  int d = manhattan((pt){v, g}, (pt){.y = 3, .x = 50});
  out[g] = d * 100 + ((int[]){7, 11, 13, 17})[g & 3];
}
