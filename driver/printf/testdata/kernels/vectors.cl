// global 1
// Vector specifiers: every length, element sizes from hh to l, flags and
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// precision applied to each element.
kernel void vectors(global int *ret) {
  char2 c2 = (char2)(-1, 2); uchar4 uc4 = (uchar4)(1, 200, 3, 255);
  short3 s3 = (short3)(-300, 0, 300); ushort8 us8 = (ushort8)(0, 1, 2, 3, 65535, 5, 6, 7);
  int4 i4 = (int4)(-1, 0, 1, 2147483647); uint2 u2 = (uint2)(1, 4000000000u);
  long2 l2 = (long2)(-5, 1234567890123L); ulong3 ul3 = (ulong3)(1, 2, 18446744073709551615UL);
  float4 f4 = (float4)(1.5f, -2.25f, 0.0f, 1e10f); float3 f3 = (float3)(0.1f, 0.2f, 0.3f);
  double2 d2 = (double2)(1.0 / 3.0, -2.5);
  char16 c16 = (char16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  ret[0] = printf("c2 %v2hhd uc4 %v4hhu %v4hhx\n", c2, uc4, uc4);
  printf("s3 %v3hd us8 %v8hu %#v8hx\n", s3, us8, us8);
  printf("i4 %v4hld %v4hlx %5v4hld|%-4v4hli| u2 %v2hlu\n", i4, i4, i4, i4, u2);
  printf("l2 %v2ld ul3 %v3lu %v3lx\n", l2, ul3, ul3);
  printf("f4 %v4hlf %v4hle %v4hlg %.1v4hlf %8.2v4hlf|\n", f4, f4, f4, f4, f4);
  printf("f3 %v3hlf %v3hla %v3hlG\n", f3, f3, f3);
  printf("d2 %v2lf %.3v2le %v2la\n", d2, d2, d2);
  printf("c16 %v16hhd\n", c16);
  ret[1] = printf("%v2hld and %v2hld\n", (int2)(1, 2), (int2)(3, 4));
}
