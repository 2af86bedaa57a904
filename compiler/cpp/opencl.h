/* The OpenCL C constants every kernel may use without an #include (OpenCL C
 * 1.2 sections 6.12.2, 6.12.3, 6.12.8, 6.12.14). Values are those of the
 * Khronos headers and of clang's opencl-c-base.h, so that kernels written for
 * other compilers see the same numbers. This file is read by the
 * preprocessor before every translation unit. */

#define CHAR_BIT  8
#define SCHAR_MAX 127
#define SCHAR_MIN (-128)
#define UCHAR_MAX 255
#define CHAR_MAX  SCHAR_MAX
#define CHAR_MIN  SCHAR_MIN
#define USHRT_MAX 65535
#define SHRT_MAX  32767
#define SHRT_MIN  (-32768)
#define UINT_MAX  0xffffffff
#define INT_MAX   2147483647
#define INT_MIN   (-2147483647-1)
#define ULONG_MAX 0xffffffffffffffffUL
#define LONG_MAX  0x7fffffffffffffffL
#define LONG_MIN  (-0x7fffffffffffffffL-1)

#define FLT_DIG        6
#define FLT_MANT_DIG   24
#define FLT_MAX_10_EXP +38
#define FLT_MAX_EXP    +128
#define FLT_MIN_10_EXP -37
#define FLT_MIN_EXP    -125
#define FLT_RADIX      2
#define FLT_MAX        0x1.fffffep127f
#define FLT_MIN        0x1.0p-126f
#define FLT_EPSILON    0x1.0p-23f

#define DBL_DIG        15
#define DBL_MANT_DIG   53
#define DBL_MAX_10_EXP +308
#define DBL_MAX_EXP    +1024
#define DBL_MIN_10_EXP -307
#define DBL_MIN_EXP    -1021
#define DBL_RADIX      2
#define DBL_MAX        0x1.fffffffffffffp1023
#define DBL_MIN        0x1.0p-1022
#define DBL_EPSILON    0x1.0p-52

/* HUGE_VALF, HUGE_VAL, INFINITY and NAN are builtin calls that the checker
 * folds to constants. */
#define MAXFLOAT    0x1.fffffep127f
#define HUGE_VALF   (__builtin_huge_valf())
#define HUGE_VAL    (__builtin_huge_val())
#define INFINITY    (__builtin_inff())
#define NAN         (__builtin_nanf(""))
#define FP_ILOGB0   INT_MIN
#define FP_ILOGBNAN INT_MAX

#define M_E_F        2.71828182845904523536028747135266250f
#define M_LOG2E_F    1.44269504088896340735992468100189214f
#define M_LOG10E_F   0.434294481903251827651128918916605082f
#define M_LN2_F      0.693147180559945309417232121458176568f
#define M_LN10_F     2.30258509299404568401799145468436421f
#define M_PI_F       3.14159265358979323846264338327950288f
#define M_PI_2_F     1.57079632679489661923132169163975144f
#define M_PI_4_F     0.785398163397448309615660845819875721f
#define M_1_PI_F     0.318309886183790671537767526745028724f
#define M_2_PI_F     0.636619772367581343075535053490057448f
#define M_2_SQRTPI_F 1.12837916709551257389615890312154517f
#define M_SQRT2_F    1.41421356237309504880168872420969808f
#define M_SQRT1_2_F  0.707106781186547524400844362104849039f

#define M_E        0x1.5bf0a8b145769p+1
#define M_LOG2E    0x1.71547652b82fep+0
#define M_LOG10E   0x1.bcb7b1526e50ep-2
#define M_LN2      0x1.62e42fefa39efp-1
#define M_LN10     0x1.26bb1bbb55516p+1
#define M_PI       0x1.921fb54442d18p+1
#define M_PI_2     0x1.921fb54442d18p+0
#define M_PI_4     0x1.921fb54442d18p-1
#define M_1_PI     0x1.45f306dc9c883p-2
#define M_2_PI     0x1.45f306dc9c883p-1
#define M_2_SQRTPI 0x1.20dd750429b6dp+0
#define M_SQRT2    0x1.6a09e667f3bcdp+0
#define M_SQRT1_2  0x1.6a09e667f3bcdp-1

#ifdef cl_khr_fp16
#define HALF_DIG       3
#define HALF_MANT_DIG  11
#define HALF_MAX_10_EXP +4
#define HALF_MAX_EXP   +16
#define HALF_MIN_10_EXP -4
#define HALF_MIN_EXP   -13
#define HALF_RADIX     2
#define HALF_MAX       ((0x1.ffcp15h))
#define HALF_MIN       ((0x1.0p-14h))
#define HALF_EPSILON   ((0x1.0p-10h))

#define M_E_H        2.71828182845904523536028747135266250h
#define M_LOG2E_H    1.44269504088896340735992468100189214h
#define M_LOG10E_H   0.434294481903251827651128918916605082h
#define M_LN2_H      0.693147180559945309417232121458176568h
#define M_LN10_H     2.30258509299404568401799145468436421h
#define M_PI_H       3.14159265358979323846264338327950288h
#define M_PI_2_H     1.57079632679489661923132169163975144h
#define M_PI_4_H     0.785398163397448309615660845819875721h
#define M_1_PI_H     0.318309886183790671537767526745028724h
#define M_2_PI_H     0.636619772367581343075535053490057448h
#define M_2_SQRTPI_H 1.12837916709551257389615890312154517h
#define M_SQRT2_H    1.41421356237309504880168872420969808h
#define M_SQRT1_2_H  0.707106781186547524400844362104849039h
#endif

/* The null pointer constant (OpenCL C 1.2 6.5), as clang's opencl-c-base.h. */
#define NULL ((void*)0)

/* barrier() and mem_fence() flags. */
#define CLK_LOCAL_MEM_FENCE  0x01
#define CLK_GLOBAL_MEM_FENCE 0x02
#define CLK_IMAGE_MEM_FENCE  0x04

/* Sampler fields, in the encoding clang and clspv use for literal samplers. */
#define CLK_NORMALIZED_COORDS_FALSE 0
#define CLK_NORMALIZED_COORDS_TRUE  1
#define CLK_ADDRESS_NONE            0
#define CLK_ADDRESS_CLAMP_TO_EDGE   2
#define CLK_ADDRESS_CLAMP           4
#define CLK_ADDRESS_REPEAT          6
#define CLK_ADDRESS_MIRRORED_REPEAT 8
#define CLK_FILTER_NEAREST          0x10
#define CLK_FILTER_LINEAR           0x20

/* Image channel orders: the cl_channel_order values of CL/cl.h. */
#define CLK_R             0x10B0
#define CLK_A             0x10B1
#define CLK_RG            0x10B2
#define CLK_RA            0x10B3
#define CLK_RGB           0x10B4
#define CLK_RGBA          0x10B5
#define CLK_BGRA          0x10B6
#define CLK_ARGB          0x10B7
#define CLK_INTENSITY     0x10B8
#define CLK_LUMINANCE     0x10B9
#define CLK_Rx            0x10BA
#define CLK_RGx           0x10BB
#define CLK_RGBx          0x10BC
#define CLK_DEPTH         0x10BD
#define CLK_DEPTH_STENCIL 0x10BE
#define CLK_sRGB          0x10BF
#define CLK_sRGBx         0x10C0
#define CLK_sRGBA         0x10C1
#define CLK_sBGRA         0x10C2
#define CLK_ABGR          0x10C3

/* Image channel data types: the cl_channel_type values of CL/cl.h. */
#define CLK_SNORM_INT8        0x10D0
#define CLK_SNORM_INT16       0x10D1
#define CLK_UNORM_INT8        0x10D2
#define CLK_UNORM_INT16       0x10D3
#define CLK_UNORM_SHORT_565   0x10D4
#define CLK_UNORM_SHORT_555   0x10D5
#define CLK_UNORM_INT_101010  0x10D6
#define CLK_SIGNED_INT8       0x10D7
#define CLK_SIGNED_INT16      0x10D8
#define CLK_SIGNED_INT32      0x10D9
#define CLK_UNSIGNED_INT8     0x10DA
#define CLK_UNSIGNED_INT16    0x10DB
#define CLK_UNSIGNED_INT32    0x10DC
#define CLK_HALF_FLOAT        0x10DD
#define CLK_FLOAT             0x10DE
#define CLK_UNORM_INT24       0x10DF
#define CLK_UNORM_INT_101010_2 0x10E0
