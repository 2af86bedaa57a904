//! kernel goto_free_state
//! global 64
//! arg buffer<uchar> 2048 random(0,3)
//! arg buffer<int> 64 out

// A state machine with a loop and flags instead of goto (the structured way).
kernel void goto_free_state(global const uchar *in, global int *out) {
  int g = get_global_id(0);
  int state = 0, count = 0;
  bool done = false;
  for (int k = 0; k < 32 && !done; k++) {
    uchar c = in[32 * g + k];
    switch (state) {
    case 0: state = c == 1 ? 1 : 0; break;
    case 1: state = c == 2 ? 2 : (c == 1 ? 1 : 0); break;
    case 2:
      if (c == 3) { count++; state = 0; if (count == 3) done = true; }
      else state = 0;
      break;
    }
  }
  out[g] = count * 100 + state * 10 + done;
}
