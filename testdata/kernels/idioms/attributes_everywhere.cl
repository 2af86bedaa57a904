//! kernel attributes_everywhere
//! global 1
//! local 1
//! arg buffer<int> 16 out
//! arg int 3

// __attribute__((...)) where clang takes them: on struct definitions (before
// and after the body), typedefs, functions (before, between the specifiers,
// after the declarator), parameters, locals, constant arrays, statements
// (opencl_unroll_hint, fallthrough); layout attributes change sizeof.
typedef struct __attribute__((packed)) { char c; int i; } P;
typedef struct { float x; } __attribute__((aligned(16))) A;
struct __attribute__((aligned(8))) S1 { char c; };
struct S2 { char c; } __attribute__((packed));
typedef int aint __attribute__((aligned(8)));
__attribute__((always_inline)) inline int f1(int x) { return x; }
inline int __attribute__((always_inline)) f1b(int x) { return x; }
int f1c(int x) __attribute__((const));
int f1c(int x) { return x; }
__attribute__((noinline)) int f2(int x) __attribute__((unused));
int f2(int x) { return x + 1; }
static int __attribute__((unused)) f3(int x) { return 2; }
__attribute__((deprecated)) int f4(void) { return 4; }
void __attribute__((nodebug)) f5(void) {}
constant int tab[2] __attribute__((aligned(16))) = {1, 2};
__kernel __attribute__((reqd_work_group_size(1,1,1))) __attribute__((vec_type_hint(float4))) void attributes_everywhere(global int *o __attribute__((unused)), int n) {
  __attribute__((unused)) int z = 0;
  int w __attribute__((aligned(8))) = 1;
  int u __attribute__((unused)), v2 __attribute__((unused));
  __attribute__((opencl_unroll_hint(2))) for (int i = 0; i < n; i++) w++;
  #pragma unroll 4
  for (int i = 0; i < n; i++) w++;
  switch (n) { case 1: w++; __attribute__((fallthrough)); case 2: w++; }
  o[0] = f1(1) + f1b(1) + f1c(1) + f2(2) + f3(1) + f4() + w + tab[1];
  o[1] = sizeof(P);
  o[2] = sizeof(A);
  o[3] = sizeof(struct S1);
  o[4] = sizeof(struct S2);
  o[5] = sizeof(aint);
  o[6] = __alignof__(A);
}
