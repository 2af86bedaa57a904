// global 1
// Strings with a NUL inside print up to it, in the format and in %s
// arguments; arguments past the conversions are ignored, string literals
// included (the CTS's printf("\n", "foo")).
kernel void strnul(global int *ret) {
  ret[0] = printf("%s|\n", "foo\0foo");
  ret[1] = printf("\n", "foo");
  ret[2] = printf("%d\n", 1, 2, "extra");
  printf("cut\n\0here %d\n", 3);
  constant char *p = "ab\0cd";
  printf("[%s][%s]\n", p, p + 1);
}
