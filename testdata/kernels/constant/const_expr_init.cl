//! kernel const_expr_init
//! global 16
//! arg buffer<int> 16 out

// Constant initializers computed from constant expressions, enums and sizeof.
enum { N = 4, M = N * 2 };
constant int vals[M] = {N, M, N + M, sizeof(int) * 3, 1 << 10, -N, (N > 2) ? 100 : 200, ~0};
constant uint mask = 0xFFu << 4;

kernel void const_expr_init(global int *out) {
  int g = get_global_id(0);
  out[g] = vals[g % M] + (int)(mask >> (g % 8));
}
