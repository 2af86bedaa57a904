//! kernel undef_redefine
//! global 16
//! arg buffer<int> 16 out

// #undef and redefinition; a macro referring to a later-defined macro; self-reference does not recurse.
#define A 1
#define B (A + 10)
#undef A
#define A 2
#define SELF (SELF_VAL + 1)
#define SELF_VAL 100
#define foo foo
kernel void undef_redefine(global int *out) {
  int foo = 5;
  int g = get_global_id(0);
  out[g] = B * 1000 + SELF + foo + g;
}
