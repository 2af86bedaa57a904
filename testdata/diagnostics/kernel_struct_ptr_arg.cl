// A kernel argument of struct type containing a pointer is not allowed.
typedef struct { global int *ptr; } holder;
kernel void k(holder h) { h.ptr[0] = 1; }
