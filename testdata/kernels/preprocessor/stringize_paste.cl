//! kernel stringize_paste
//! global 32
//! arg buffer<int> 32 out

// # stringizes and ## pastes: build identifiers and read string lengths.
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define VAL 12345
#define DECLARE(n) int CAT(var_, n) = n

kernel void stringize_paste(global int *out) {
  int g = get_global_id(0);
  DECLARE(7);
  constant char *s = XSTR(VAL);
  int len = 0;
  while (s[len]) len++;
  out[g] = var_7 + (int)sizeof(STR(hello world)) * 100 + len * 1000 + CAT(1, 0) + g;
}
