//! kernel function_macros
//! global 64
//! arg buffer<int> 64 random(-100,100)
//! arg buffer<int> 64 out

// Function-like macros: parenthesization, nesting, multiple evaluation, empty arguments.
#define SQR(x) ((x) * (x))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define MAX3(a, b, c) MAX2(MAX2(a, b), c)
#define ADD_OR_ZERO(a, b) (a + 0 + b)
#define NOARGS() 42

kernel void function_macros(global const int *in, global int *out) {
  int g = get_global_id(0);
  int x = in[g];
  out[g] = SQR(x + 1) + MAX3(x, g, 7) + ADD_OR_ZERO(, x) + NOARGS();
}
