//! kernel big_enum
//! global 1
//! arg buffer<ulong> 16 out

// Enumerators of any 64-bit value, with clang's underlying types (an
// unsigned long constant in an enum, as password-recovery kernels use).
enum Big { BA = 0x8000000000000000UL, BB, BC = 1 };
enum Wide { WA = 0x100000000, WB };
enum Neg { NA = -1, NB = 0x7fffffff };
enum U32 { UA = 0xFFFFFFFF };
enum Edge { EA = 0x7fffffffffffffff, EB };
typedef enum { K1 = 1ul << 40, K2 = K1 << 1 } keys;

kernel void big_enum(global ulong *out) {
  out[0] = BA;
  out[1] = BB;
  out[2] = BC;
  out[3] = sizeof(enum Big) + sizeof(enum Wide) * 16 + sizeof(enum Neg) * 256 + sizeof(enum U32) * 4096;
  out[4] = WB;
  out[5] = (ulong)(long)NA;
  out[6] = UA;
  out[7] = EB;
  out[8] = K2 | K1;
  enum Big b = BB;
  out[9] = (b > BC) + 2 * (NA < 0) + 4 * (UA > 0);
  keys k = K1;
  switch (k) { case K1: out[10] = 1; break; case K2: out[10] = 2; break; }
  out[11] = BA >> 60;
}
