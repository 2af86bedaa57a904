//! kernel struct_return
//! global 32
//! arg buffer<int> 32 random(1,100)
//! arg buffer<int> 64 out

// A helper returning a struct; integer division result and remainder together.
typedef struct { int q, r; } qr;

qr divmod(int a, int b) {
  qr v;
  v.q = a / b;
  v.r = a % b;
  return v;
}

kernel void struct_return(global const int *a, global int *out) {
  int g = get_global_id(0);
  qr v = divmod(a[g] * 37, g + 3);
  out[2 * g] = v.q;
  out[2 * g + 1] = divmod(v.r + 100, 7).r;
}
