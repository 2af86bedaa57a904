//! kernel xgemm_tiles
//! global 16,16
//! local 8,8
//! arg int 64
//! arg int 64
//! arg float 1.5
//! arg float -0.5
//! arg buffer<float2> 2048 random(-1,1)
//! arg buffer<float> 4096 random(-1,1)
//! arg buffer<float2> 2048 random(-1,1)
//! tolerance 1e-4

// GEMM written as CLBlast's xgemm is: tile sizes as macros, work-group
// tiles of A and B in local memory, each work-item's tile of C in a
// private array of vectors (cpm), loaded rows of A and B in private arrays
// (apm, bpm), and every loop over a register tile a small constant-trip
// loop under #pragma unroll, indexing the private arrays with its counter.
// C (N x M, row n contiguous in m) = alpha * B A + beta * C with A K x M
// (row k contiguous in m, as float2) and B N x K (row n contiguous in k);
// the global size's second dimension is N / NWI.
#define MWG 32   // C rows in m per work-group
#define NWG 32   // C columns in n per work-group
#define KWG 16   // k per local tile
#define MDIMC 8  // work-items in m
#define NDIMC 8  // work-items in n
#define MWI (MWG/MDIMC)
#define NWI (NWG/NDIMC)
#define KWI 2
#define VWM 2
#define realM float2
#define INLINE_FUNC inline

INLINE_FUNC realM MultiplyAddVector(realM cvec, const realM aval, const float bval) {
  return cvec + aval * bval;
}

INLINE_FUNC realM InitAccRegisters(void) {
  return (realM)(0.0f);
}

kernel __attribute__((reqd_work_group_size(MDIMC, NDIMC, 1)))
void xgemm_tiles(const int kSizeM, const int kSizeK, const float alpha, const float beta,
                 const global realM *restrict agm, const global float *restrict bgm,
                 global realM *cgm) {
  local realM alm[KWG * (MWG/VWM)];
  local float blm[KWG * NWG];
  #pragma promote_to_registers
  realM apm[MWI/VWM];
  #pragma promote_to_registers
  float bpm[NWI];
  #pragma promote_to_registers
  realM cpm[NWI * (MWI/VWM)];
  const int lm = get_local_id(0), ln = get_local_id(1);
  const int tid = lm + MDIMC * ln;

  #pragma unroll
  for (int _mi = 0; _mi < MWI/VWM; _mi += 1) {
    #pragma unroll
    for (int _ni = 0; _ni < NWI; _ni += 1) {
      cpm[_ni * (MWI/VWM) + _mi] = InitAccRegisters();
    }
  }
  for (int kwg = 0; kwg < kSizeK; kwg += KWG) {
    // Off-chip to local: the A tile (KWG x MWG) and the B tile (KWG x NWG).
    #pragma unroll
    for (int _la = 0; _la < KWG * (MWG/VWM) / (MDIMC*NDIMC); _la += 1) {
      const int idx = _la * (MDIMC*NDIMC) + tid;
      const int k = idx / (MWG/VWM), mv = idx % (MWG/VWM);
      alm[idx] = agm[(kwg + k) * (kSizeM/VWM) + get_group_id(0) * (MWG/VWM) + mv];
    }
    #pragma unroll
    for (int _lb = 0; _lb < KWG * NWG / (MDIMC*NDIMC); _lb += 1) {
      const int idx = _lb * (MDIMC*NDIMC) + tid;
      const int n = idx / KWG, k = idx % KWG;
      blm[k * NWG + n] = bgm[(get_group_id(1) * NWG + n) * kSizeK + kwg + k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Work-item tiles, KWI steps of k at a time.
    for (int pwi = 0; pwi < KWG; pwi += KWI) {
      #pragma unroll
      for (int _pit = 0; _pit < KWI; _pit += 1) {
        const int kg = pwi + _pit;
        #pragma unroll
        for (int _mi = 0; _mi < MWI/VWM; _mi += 1) {
          apm[_mi] = alm[kg * (MWG/VWM) + lm + _mi * MDIMC];
        }
        #pragma unroll
        for (int _ni = 0; _ni < NWI; _ni += 1) {
          bpm[_ni] = blm[kg * NWG + ln + _ni * NDIMC];
        }
        #pragma unroll
        for (int _ni = 0; _ni < NWI; _ni += 1) {
          #pragma unroll
          for (int _mi = 0; _mi < MWI/VWM; _mi += 1) {
            cpm[_ni * (MWI/VWM) + _mi] = MultiplyAddVector(cpm[_ni * (MWI/VWM) + _mi], apm[_mi], bpm[_ni]);
          }
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  // Private to off-chip: C = alpha * acc + beta * C.
  #pragma unroll
  for (int _ni = 0; _ni < NWI; _ni += 1) {
    #pragma unroll
    for (int _mi = 0; _mi < MWI/VWM; _mi += 1) {
      const int mv = get_group_id(0) * (MWG/VWM) + lm + _mi * MDIMC;
      const int n = get_group_id(1) * NWG + ln + _ni * NDIMC;
      const realM c = cgm[n * (kSizeM/VWM) + mv];
      cgm[n * (kSizeM/VWM) + mv] = alpha * cpm[_ni * (MWI/VWM) + _mi] + beta * c;
    }
  }
}
