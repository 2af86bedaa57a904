// global 1
// Every scalar type with C99 flags, widths, precisions and length modifiers.
// No scalar double: PoCL passes it to printf as a float (vectors.cl prints
// double2, which PoCL gets right; the formatting is checked against glibc
// in conv_test.go).
kernel void scalars(global int *ret) {
  char c = -5; uchar uc = 250; short s = -1234; ushort us = 65000;
  int i = -123456; uint u = 4000000000u; long l = -1234567890123L; ulong ul = 18446744073709551615UL;
  float f = 3.14159265f; float tiny = 1.0e-40f;
  ret[0] = printf("char %hhd %hhu %hhx %5hhd|%-5hhd|\n", c, c, c, c, c);
  ret[1] = printf("uchar %hhu %hhd %#hho %c%c%c\n", uc, uc, uc, 'o', 'k', '!');
  ret[2] = printf("short %hd %hu %hx %+08hd %-8hd|\n", s, s, s, s, s);
  ret[3] = printf("ushort %hu %#hx %hd %.7hu\n", us, us, us, us);
  printf("int %d %i %u %x %X %o %+d % d %010d %-10d| %.8d %#x %#o\n", i, i, i, i, i, i, i, i, i, i, i, i, i);
  printf("uint %u %d %x %#X %12u|\n", u, u, u, u, u);
  printf("zero %d %.0d| %#x %#o %+d %5.0d|\n", 0, 0, 0, 0, 0, 0);
  printf("long %ld %lu %lx %lX %lo %+ld %25ld|\n", l, l, l, l, l, l, l);
  printf("ulong %lu %ld %lx %#lo\n", ul, ul, ul, ul);
  printf("float %f %F %e %E %g %G %.3f %10.2e %-12g| %+.0f %#.0f %08.3f\n", f, f, f, f, f, f, f, f, f, f, f, f);
  printf("float %a %A %.2a %g %e %.10g %g %g\n", f, f, f, tiny, tiny, tiny, 100000.0f, 1000000.0f);
  printf("special %f %e %g %a %5.1f %-6f| %+f\n", 1.0f / 0.0f, -1.0f / 0.0f, fabs(0.0f / 0.0f), 1.0f / 0.0f, 0.0f, -0.0f, 0.0f);
  printf("mixed %d %f %ld %s %c %lu %g%%\n", 7, 0.5f, 8L, "str", 'z', 9UL, 12.5f);
}
