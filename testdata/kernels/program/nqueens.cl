//! kernel nqueens
//! global 8
//! arg buffer<int> 8 out

// Counts 8-queens solutions with the first queen in column g, by bitmask backtracking with a stack.
kernel void nqueens(global int *out) {
  int g = get_global_id(0);
  const uint all = 0xFFu;
  uint cols[9], d1[9], d2[9], avail[9];
  int depth = 1, count = 0;
  cols[1] = 1u << g; d1[1] = (1u << g) << 1; d2[1] = (1u << g) >> 1;
  avail[1] = all & ~(cols[1] | d1[1] | d2[1]);
  while (depth > 0) {
    if (depth == 8) { count++; depth--; continue; }
    uint av = avail[depth];
    if (!av) { depth--; continue; }
    uint bit = av & (0u - av);
    avail[depth] = av & ~bit;
    uint c = cols[depth] | bit, a = (d1[depth] | bit) << 1, b = (d2[depth] | bit) >> 1;
    depth++;
    cols[depth] = c; d1[depth] = a & all; d2[depth] = b;
    avail[depth] = all & ~(c | a | b);
  }
  out[g] = count;
}
