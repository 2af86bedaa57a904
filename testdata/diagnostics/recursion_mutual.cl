// Two functions that call each other.
int is_odd(int n);
int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
kernel void k(global int *p) { p[0] = is_even(p[1]); }
