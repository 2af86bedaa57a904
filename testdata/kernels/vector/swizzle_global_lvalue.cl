//! kernel swizzle_global_lvalue
//! global 64
//! arg buffer<int4> 64 iota
//! arg buffer<int2> 64 iota

// Writing components of vectors that live in global memory through a pointer.
kernel void swizzle_global_lvalue(global int4 *a, global int2 *b) {
  int i = get_global_id(0);
  a[i].zy = a[i].yz;
  a[i].w = -a[i].x;
  global int2 *p = &b[i];
  p->y += 100;
  (*p).x *= 3;
}
