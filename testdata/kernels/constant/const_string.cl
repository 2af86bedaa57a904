//! kernel const_string
//! global 32
//! arg buffer<char> 32 out

// A __constant char array initialized from a string literal, and a pointer into it.
constant char msg[] = "OpenCL on Vulkan!";

kernel void const_string(global char *out) {
  int g = get_global_id(0);
  constant char *p = msg + 4;
  out[g] = g < (int)sizeof(msg) ? msg[g] ^ p[g % 4] : (char)sizeof(msg);
}
