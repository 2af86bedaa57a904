//! kernel clang_builtins
//! global 32
//! arg buffer<float> 32 random
//! arg buffer<int> 512 out

// clang's builtins and feature tests as portable OpenCL code uses them:
// __has_builtin/__has_attribute/__has_extension/__has_include guards,
// __builtin_expect, __builtin_assume, __builtin_unreachable,
// __builtin_nan/inf/huge_val (also in constant initializers),
// __builtin_isnan and friends, __builtin_constant_p, _Static_assert.
#ifndef __has_builtin
#define __has_builtin(x) 0
#endif
#if __has_builtin(__builtin_expect)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#endif
#if defined(__has_attribute) && __has_attribute(always_inline)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif
#if __has_include("no_such_header.h")
#error "a header that does not exist was found"
#endif
#if !__has_extension(c_static_assert)
#error "clang accepts _Static_assert in OpenCL C"
#endif

_Static_assert(sizeof(float4) == 16, "float4 is 16 bytes");
constant float big = __builtin_huge_valf();
constant float qnan = __builtin_nanf("");

INLINE int classify(float x) {
  return __builtin_isnan(x) + 2 * __builtin_isinf(x) + 4 * __builtin_isfinite(x) +
         8 * __builtin_isnormal(x) + 16 * __builtin_signbit(x);
}

kernel void clang_builtins(global const float *in, global int *out) {
  int i = get_global_id(0);
  _Static_assert(sizeof(int) == 4, "int is 32 bits");
  __builtin_assume(i >= 0);
  global int *o = out + 16 * i;
  float x = in[i] - 0.5f;
  if (UNLIKELY(x > 100.0f))
    __builtin_unreachable();
  o[0] = LIKELY(x < 0.0f) ? 1 : 2;
  o[1] = classify(x);
  o[2] = classify(x * big);
  o[3] = classify(qnan);
  o[4] = classify(-big);
  o[5] = classify(__builtin_inff()) + classify(__builtin_nanf("1"));
  o[6] = classify(1e-40f * (i & 1));
  o[7] = __builtin_constant_p(3 * 4) + 2 * __builtin_constant_p(x);
  o[8] = (int)__builtin_expect(i, 0) + (int)__builtin_expect_with_probability(i, 1, 0.9);
  o[9] = isinf(__builtin_inf()) + isnan(__builtin_nan(""));
}
