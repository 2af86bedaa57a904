//! kernel hoist_redo
//! global 64,16
//! local 16,4
//! arg buffer<uchar4> 1024 random
//! arg buffer<uchar4> 1024 zero
//! arg buffer<int> 1024 zero
//! arg int 64

// A horizontal gradient under a divergent border test. The loads of the
// neighbours do not depend on the branch, so the host interpreter hoists
// them into a per-group prologue that runs for every work-item; for the
// border items of the first and last groups that prologue reads out of
// bounds, and those groups run their code in place instead. The shift
// and the products take operands that are one value for the whole group
// (constant vectors, the width argument): the groups after a faulted one
// must read those values as fully as the ones before it.
kernel void hoist_redo(global const uchar4 *rgba, global uchar4 *edge,
                       global int *sum, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  int h = get_global_size(1), i = y * w + x;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) {
    edge[i] = (uchar4)(0);
    sum[i] = -1;
  } else {
    int4 gx = -convert_int4(rgba[i - 1]) + convert_int4(rgba[i + 1]);
    edge[i] = convert_uchar4_sat(gx >> 1);
    sum[i] = (gx.x + gx.y) * (w >> 3) + (w & 7) + gx.z;
  }
}
