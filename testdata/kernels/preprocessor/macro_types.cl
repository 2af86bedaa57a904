//! kernel macro_types
//! global 64
//! arg buffer<float> 64 random
//! arg buffer<float4> 16 out
//! tolerance 1e-6
//! options -DT=float -DN=4

// Types chosen by -D options and pasted into vector type names and builtin names.
#define VEC_(t, n) t##n
#define VEC(t, n) VEC_(t, n)
#define VLOAD_(n) vload##n
#define VLOAD(n) VLOAD_(n)

kernel void macro_types(global const T *in, global VEC(T, N) *out) {
  int g = get_global_id(0);
  if (g < 16) {
    VEC(T, N) v = VLOAD(N)(g, in);
    out[g] = v * (T)N;
  }
}
