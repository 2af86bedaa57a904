//! kernel variadic_macro
//! global 32
//! arg buffer<int> 32 out

// Variadic macros with __VA_ARGS__.
#define FIRST(a, ...) (a)
#define SUM3(...) sum3(__VA_ARGS__)
#define CALL(f, ...) f(__VA_ARGS__)

int sum3(int a, int b, int c) { return a + b + c; }

kernel void variadic_macro(global int *out) {
  int g = get_global_id(0);
  out[g] = FIRST(g, 1, 2) + SUM3(g, 10, 100) + CALL(sum3, 1, 2, 3);
}
