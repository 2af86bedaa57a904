//! kernel struct_nested
//! global 64
//! arg buffer<float> 64 random
//! arg buffer<float> 256 out
//! tolerance 1e-6

// Nested structs and arrays of structs in private memory.
typedef struct { float x, y; } vec2;
typedef struct { vec2 min, max; } box;
typedef struct { box b[2]; int n; } scene;

float area(box b) { return (b.max.x - b.min.x) * (b.max.y - b.min.y); }

kernel void struct_nested(global const float *in, global float *out) {
  int i = get_global_id(0);
  scene s;
  s.n = 2;
  s.b[0].min.x = 0.0f; s.b[0].min.y = 0.0f;
  s.b[0].max.x = in[i]; s.b[0].max.y = 2.0f;
  s.b[1] = s.b[0];
  s.b[1].max.y += in[i];
  for (int k = 0; k < s.n; k++)
    out[4 * i + k] = area(s.b[k]);
  out[4 * i + 2] = s.b[1].max.y;
  out[4 * i + 3] = (float)sizeof(scene);
}
