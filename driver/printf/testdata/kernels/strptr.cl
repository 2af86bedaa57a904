// global 2 sorted
// %s of pointers into strings the compiler knows: string literals and
// __constant char arrays, chosen at run time, at an offset.
constant char msg[] = "constant array";
constant char other[] = "other one";
constant char padded[16] = "short";

kernel void strptr(global int *ret) {
  int g = get_global_id(0);
  constant char *s = "via pointer";
  ret[g] = printf("%d %s|%s|%s\n", g, s, msg, padded);
  constant char *m = msg;
  printf("%d %s|%s|%s\n", g, m, msg + 9, &other[6]);
  constant char *c = g ? msg : other;
  printf("%d %s|%-12s|%.3s\n", g, c, c + 1, c);
  constant char *w = g ? "yes" : "no";
  printf("%d %s %s\n", g, w, g == 0 ? "zero" : "one");
  constant char *p = "abcdef";
  for (int i = 0; i < 3; i++)
    p++;
  printf("%d %s\n", g, p + g);
}
