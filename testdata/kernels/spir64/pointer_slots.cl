//! kernel pointer_slots
//! global 32
//! local 8
//! arg buffer<int> 64 random(-1000,1000)
//! arg buffer<int> 64 random(-1000,1000)
//! arg local<int> 8
//! arg buffer<long> 64 out

// Pointers kept in memory with -arch=spir64's 8-byte slots: structs whose
// pointer members are copied byte by byte (a byte view of each slot's 8
// bytes), a union of a pointer and bytes, an array of pointers in private
// memory, and pointer differences as 64-bit ptrdiff_t.
//! clgo-options -arch=spir64
typedef struct {
  global int *data;
  int n;
  local int *scratch;
} view;

typedef union {
  global int *p;
  uchar b[8];
} punned;

void copy_bytes(uchar *dst, const uchar *src, size_t n) {
  for (size_t i = 0; i < n; i++)
    dst[i] = src[i];
}

kernel void pointer_slots(global int *a, global int *b, local int *tmp, global long *out) {
  size_t g = get_global_id(0), l = get_local_id(0);
  tmp[l] = a[g] - b[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  view v = {(g & 1) ? a : b, 4, tmp};
  view w;
  copy_bytes((uchar *)&w, (const uchar *)&v, sizeof(view));
  long s = 0;
  for (int k = 0; k < w.n; k++)
    s += w.data[(g + k) & 63] * (k + 1) + w.scratch[(l + k) & 7];
  punned u, t;
  u.p = a + (g & ~3);
  for (int k = 0; k < 8; k++)
    t.b[k] = u.b[k];
  s += *t.p + t.p[3];
  global int *table[3] = {a, b, a + 32};
  global int *pick = table[g % 3] + (g & 7);
  ptrdiff_t d = pick - table[g % 3];
  s = s * 3 + *pick + (long)sizeof(d) * 1000000;
  out[g] = s;
  out[g + 32] = d;
}
