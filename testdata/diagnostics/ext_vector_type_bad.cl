typedef bool bv __attribute__((ext_vector_type(4)));
typedef float f5 __attribute__((ext_vector_type(5)));
typedef float fn __attribute__((ext_vector_type));
kernel void k(global int *o) { *o = 0; }
