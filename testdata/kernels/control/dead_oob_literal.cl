//! kernel dead_oob_literal
//! global 64
//! arg buffer<int> 64 random(0,9)
//! arg buffer<int> 64 out
//! options -cl-opt-disable

// A literal index past an array's end in code that never runs (sel is
// at most 9): undefined behaviour only where it runs, but an
// OpAccessChain with a constant index out of bounds is invalid SPIR-V.
// Under -cl-opt-disable nothing folds or removes it; the lowering gives
// such an index the last element's (compiler/lower/memory.go, chainIndex).
kernel void dead_oob_literal(global const int *sel, global int *o) {
  int i = get_global_id(0);
  int g[4] = {i, i + 1, i + 2, i + 3};
  int r = g[sel[i] & 3];
  if (sel[i] > 100) r += g[4] + g[-1];
  o[i] = r;
}
