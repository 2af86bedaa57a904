// global 8 local 4 sorted
// printf in helpers, loops and branches; its result used in expressions.
int show(int x, float y) { return printf("show %d %.2f\n", x, y) + x; }

kernel void control(global int *ret) {
  int g = get_global_id(0);
  int acc = 0;
  for (int i = 0; i < g % 3; i++)
    acc += show(g * 10 + i, i * 0.5f);
  if (g & 1)
    printf("odd %d acc %d\n", g, acc);
  else
    printf("even %d acc %d %s\n", g, acc, g > 4 ? "big" : "small");
  ret[g] = printf("%c%c\n", 'A' + g, 'a' + g) == 0 ? 0 : -99;
}
