//! kernel tile_gemm
//! global 8,8
//! local 4,4
//! arg buffer<float2> 256 random(-1,1)
//! arg buffer<float> 512 random(-1,1)
//! arg buffer<float2> 512 out
//! arg int 16
//! tolerance 1e-5

// A matrix product in the style of GPU-tuned BLAS (CLBlast's xgemm): each
// work item accumulates an MWI x NWI tile of C in a private array, with
// the A and B values of one k step in private arrays too, every index a
// constant once the unrolled loops' counters are (the _mi/_ni blocks below
// are what `#pragma unroll` leaves). A is K x M and C is N x M with M
// fastest, read and written VWM floats at a time; B is K x N.
#define MWI 4
#define NWI 4
#define VWM 2
typedef float2 realM;
#define MV (MWI / VWM)
#define FOR_M(X) { const int _mi = 0; X } { const int _mi = 1; X }
#define FOR_N(X) { const int _ni = 0; X } { const int _ni = 1; X } \
                 { const int _ni = 2; X } { const int _ni = 3; X }

kernel void tile_gemm(global const realM *A, global const float *B, global realM *C, int K) {
  const int gm = get_global_id(0), gn = get_global_id(1);
  const int Mv = get_global_size(0) * MV, N = get_global_size(1) * NWI;
  realM cpm[NWI * MV];
  realM apm[MV];
  float bpm[NWI];
  FOR_N(FOR_M(cpm[_ni * MV + _mi] = (realM)(0.0f);))
  for (int k = 0; k < K; k++) {
    FOR_M(apm[_mi] = A[k * Mv + gm * MV + _mi];)
    FOR_N(bpm[_ni] = B[k * N + gn * NWI + _ni];)
    FOR_N(FOR_M(cpm[_ni * MV + _mi].x += apm[_mi].x * bpm[_ni];
                cpm[_ni * MV + _mi].y += apm[_mi].y * bpm[_ni];))
  }
  FOR_N(FOR_M(C[(gn * NWI + _ni) * Mv + gm * MV + _mi] = cpm[_ni * MV + _mi];))
}
