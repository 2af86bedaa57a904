//! kernel struct_designated
//! global 32
//! arg buffer<int> 256 out

// Initializer lists with designators, nested braces, and zero-filled rest.
typedef struct { int a, b; int arr[3]; struct { int x, y; } in; } thing;

kernel void struct_designated(global int *out) {
  int i = get_global_id(0);
  thing t = { .b = i, .arr = { [2] = 5, [0] = 1 }, .in.y = 9 };
  thing u = { 1, 2, { 3 }, { 4 } };
  global int *o = out + 8 * i;
  o[0] = t.a; o[1] = t.b; o[2] = t.arr[0] + t.arr[1] * 10 + t.arr[2] * 100;
  o[3] = t.in.x; o[4] = t.in.y;
  o[5] = u.a + u.b; o[6] = u.arr[0] + u.arr[1] + u.arr[2]; o[7] = u.in.x + u.in.y;
}
