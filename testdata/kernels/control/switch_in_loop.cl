//! kernel switch_in_loop
//! global 64
//! arg buffer<uchar> 1024 random(0,5)
//! arg buffer<int> 64 out

// A small interpreter: a switch in a loop, where break leaves the switch and continue the loop.
kernel void switch_in_loop(global const uchar *code, global int *out) {
  int g = get_global_id(0);
  int acc = g;
  for (int pc = 0; pc < 16; pc++) {
    switch (code[16 * g + pc]) {
    case 0: acc += 1; break;
    case 1: acc *= 2; break;
    case 2: continue;
    case 3: acc -= 3; /* fall through */
    case 4: acc ^= 0x55; break;
    default: acc = -acc;
    }
    acc += pc;
  }
  out[g] = acc;
}
