// global 3 sorted
// %s of pointers kept in tables and helpers: a program-scope table of
// string pointers, a private one, a program-scope pointer, a helper's
// pointer parameter.
constant char *constant names[3] = {"zero", "one", "two"};
constant char *constant greeting = "hi there";

void say(constant char *s, int g) { printf("%d say %s\n", g, s); }

kernel void strtable(global int *ret) {
  int g = get_global_id(0);
  ret[g] = printf("%d %s %s\n", g, names[g], names[2 - g] + 1);
  constant char *local_names[3] = {"red", "green", "blue"};
  printf("%d %s|%s\n", g, local_names[g], greeting + g);
  say(names[g], g);
  say(g == 1 ? "one" : greeting, g);
  constant char *p = greeting;
  printf("%d %s|%s|%s|%s\n", g, greeting + 3, &greeting[g], p + g, names[g] + g);
}
