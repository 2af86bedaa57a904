//! kernel enum_basic
//! global 32
//! arg buffer<int> 32 random(0,3)
//! arg buffer<int> 32 out

// Enums: implicit and explicit values, enum-typed variables, switch over enums.
enum color { RED, GREEN = 5, BLUE, ALPHA = BLUE * 2 };
typedef enum { OP_ADD, OP_SUB, OP_MUL, OP_NEG } op;

int apply(op o, int a, int b) {
  switch (o) {
  case OP_ADD: return a + b;
  case OP_SUB: return a - b;
  case OP_MUL: return a * b;
  default: return -a;
  }
}

kernel void enum_basic(global const int *ops, global int *out) {
  int g = get_global_id(0);
  enum color c = BLUE;
  op o = (op)ops[g];
  out[g] = apply(o, g, c) + ALPHA * 100 + GREEN * 1000 + RED + (int)sizeof(enum color);
}
