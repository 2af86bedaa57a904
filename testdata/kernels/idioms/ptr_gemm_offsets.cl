//! kernel XgemmPtr
//! global 8,8
//! local 4,4
//! arg int 16
//! arg int 3
//! arg buffer<float> 160 random
//! arg buffer<float> 128 random
//! arg buffer<float> 64 out
//! tolerance 1e-5

// A GEMM in the style of CLBlast: buffer arguments with offsets, pointers
// advanced by the kernel (agm += ..., bgm = &bgm[...]) and by helpers
// (agm++ in the inner loop), a local tile reached through a reassigned
// __local pointer. C (8x8) = A (8x16, from a_offset) * B (16x8).
#define real float
#define TS 4

// One step of the product over a tile of K: the helper advances its own
// copies of the pointers.
inline real MultiplyAccumulate(real c, const __local real *restrict alm,
                               const __global real *restrict bgm, const int kSizeN) {
  for (int k = 0; k < TS; k++) {
    c = mad(*alm++, *bgm, c);
    bgm += kSizeN;
  }
  return c;
}

// Copies one row of a tile of A into local memory, the destination pointer
// walking with the source.
inline void GlobalToLocalA(const __global real *restrict agm, __local real *alm, const int lid) {
  agm += lid;
  alm = &alm[lid];
  *alm = *agm;
}

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void XgemmPtr(const int kSizeK, const int a_offset,
              const __global real *restrict agm, const __global real *restrict bgm,
              __global real *cgm) {
  __local real alm[TS][TS];
  const int m = get_global_id(0), n = get_global_id(1);
  const int lm = get_local_id(0), ln = get_local_id(1);
  const int kSizeN = get_global_size(1);
  agm += a_offset;
  agm = &agm[m * kSizeK];
  bgm += n;
  cgm = cgm + m * kSizeN + n;
  real acc = 0.0f;
  for (int kwg = 0; kwg < kSizeK; kwg += TS) {
    GlobalToLocalA(agm, &alm[lm][0], ln);
    barrier(CLK_LOCAL_MEM_FENCE);
    acc = MultiplyAccumulate(acc, alm[lm], bgm, kSizeN);
    barrier(CLK_LOCAL_MEM_FENCE);
    agm += TS;
    bgm = &bgm[TS * kSizeN];
  }
  *cgm = acc;
}
