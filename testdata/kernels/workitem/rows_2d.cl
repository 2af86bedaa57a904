//! kernel rows_2d
//! global 32,12
//! local 16,4
//! arg buffer<int> 96 random(-50,50)
//! arg buffer<int> 384 out
//! arg int 5

// Work-groups whose rows (16 work-items in x) are whole chunks of the
// host's native tier: get_local_id(1), get_global_id(1) and what comes
// from them alone are one value per chunk there (Uniform in the lane IR),
// so row-dependent branches, loop counts and loads run once per chunk.
// Each work-item sums a row-dependent number of table entries picked by
// its row, stages them in local memory and reads its neighbour's row.
kernel void rows_2d(global const int *t, global int *out, int k) {
  local int tile[4][16];
  int x = get_global_id(0), y = get_global_id(1);
  int lx = get_local_id(0), ly = get_local_id(1);
  int acc = 0;
  // A loop whose count depends on the row only.
  for (int i = 0; i <= y % k; i++)
    acc += t[(y * 7 + i * 3) % 96];
  // A branch on the row only, and one on the column.
  if (ly & 1)
    acc = acc * 3 - t[ly * 16 + get_group_id(1)];
  else
    acc ^= y << 4;
  if (lx > 9)
    acc += lx * y;
  tile[ly][lx] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = tile[(ly + 1) % 4][lx] - tile[ly][15 - lx];
  out[y * 32 + x] = r + x;
}
