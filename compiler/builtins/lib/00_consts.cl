// Constants of the math library, exact to the last bit (computed with
// 600-bit arithmetic). *_HI parts have trailing zero bits so that k*HI is
// exact for the |k| the reductions use; *_LO is the rest.

#define LN2_HI 0x1.62e42fefa4p-01
#define LN2_LO -0x1.8432a1b0e2634p-43
#define LOG10_2_HI 0x1.34413509f8p-02
#define LOG10_2_LO -0x1.80433b83b532ap-44
#define LN10 0x1.26bb1bbb55516p+01
#define LN10_HI 0x1.26bb1bbb55516p+01
#define LN10_LO -0x1.f48ad494ea3e9p-53
#define LOG10_E 0x1.bcb7b1526e50ep-02
#define LOG2_E 0x1.71547652b82fep+00
#define LOG2_E_HI 0x1.71547652b82fep+00
#define LOG2_E_LO 0x1.777d0ffda0d24p-56
#define TWO_OVER_PI_0 0x1.45f306cp-01 // Exact
#define TWO_OVER_PI_1 0x1.c9c882ap-29 // Exact
#define TWO_OVER_PI_2 0x1.4fe13a8p-59 // Exact
#define TWO_OVER_PI_3 0x1.f47d4dp-86 // Exact
#define TWO_OVER_PI_4 0x1.bb81b6cp-113 // Exact
#define TWO_OVER_PI_5 0x1.4acc9ep-143 // Exact
#define TWO_OVER_PI_6 0x1.0e4107cp-170 // Exact
#define TWO_OVER_PI_7 0x1.ca2c756p-197 // Exact
#define INV_FACT_1 0x1p+00
#define INV_FACT_2 0x1p-01
#define INV_FACT_3 0x1.5555555555555p-03
#define INV_FACT_4 0x1.5555555555555p-05
#define INV_FACT_5 0x1.1111111111111p-07
#define INV_FACT_6 0x1.6c16c16c16c17p-10
#define INV_FACT_7 0x1.a01a01a01a01ap-13
#define INV_FACT_8 0x1.a01a01a01a01ap-16
#define INV_FACT_9 0x1.71de3a556c734p-19
#define INV_FACT_10 0x1.27e4fb7789f5cp-22
#define INV_FACT_11 0x1.ae64567f544e4p-26
#define INV_FACT_12 0x1.1eed8eff8d898p-29
#define INV_FACT_13 0x1.6124613a86d09p-33
#define INV_FACT_14 0x1.93974a8c07c9dp-37
#define INV_FACT_15 0x1.ae7f3e733b81fp-41
#define INV_FACT_16 0x1.ae7f3e733b81fp-45
#define INV_FACT_17 0x1.952c77030ad4ap-49
#define INV_FACT_18 0x1.6827863b97d97p-53
#define INV_FACT_19 0x1.2f49b46814157p-57
#define INV_FACT_20 0x1.e542ba4020225p-62
#define TWO_OVER_3 0x1.5555555555555p-01
#define TWO_OVER_5 0x1.999999999999ap-02
#define TWO_OVER_7 0x1.2492492492492p-02
#define TWO_OVER_9 0x1.c71c71c71c71cp-03
#define TWO_OVER_11 0x1.745d1745d1746p-03
#define TWO_OVER_13 0x1.3b13b13b13b14p-03
#define TWO_OVER_15 0x1.1111111111111p-03
#define TWO_OVER_17 0x1.e1e1e1e1e1e1ep-04
#define TWO_OVER_19 0x1.af286bca1af28p-04
#define TWO_OVER_21 0x1.8618618618618p-04
#define TWO_OVER_23 0x1.642c8590b2164p-04
#define TWO_OVER_25 0x1.47ae147ae147bp-04
#define TWO_OVER_27 0x1.2f684bda12f68p-04
#define TWO_OVER_29 0x1.1a7b9611a7b96p-04
#define PIO2_1 0x1.921fb544p+00
#define PIO2_2 0x1.0b4611a6p-34
#define PIO2_3 0x1.3198a2e037073p-69
#define CLGO_PI 0x1.921fb54442d18p+01
#define CLGO_PI_LO 0x1.1a62633145c07p-53
#define CLGO_PIO2 0x1.921fb54442d18p+00
#define CLGO_PIO2_LO 0x1.1a62633145c07p-54
#define CLGO_PIO4 0x1.921fb54442d18p-01
#define CLGO_PIO6 0x1.0c152382d7365p-01
#define CLGO_1_PI 0x1.45f306dc9c883p-02
#define CLGO_2_PI 0x1.45f306dc9c883p-01
#define CLGO_SQRT3 0x1.bb67ae8584caap+00
#define CLGO_SQRT2 0x1.6a09e667f3bcdp+00
#define CLGO_TAN_PI12 0x1.126145e9ecd56p-02
#define CLGO_LN2 0x1.62e42fefa39efp-01
#define CLGO_LOG2_10 0x1.a934f0979a371p+01
#define CLGO_SQRT_PI 0x1.c5bf891b4ef6ap+00
#define CLGO_LN_SQRT_2PI 0x1.d67f1c864beb4p-01
