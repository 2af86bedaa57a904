//! kernel ull_literals
//! global 32
//! local 8
//! arg buffer<ulong> 96 out

// 64-bit constants written with C's ull/ll suffixes, as hash kernels do
// (0x...ull in BMW, Skein): typed ulong/long in modular arithmetic.
kernel void ull_literals(global ulong *out)
{
	ulong g = get_global_id(0);
	ulong a = (g + 16) * 0x0555555555555555ull + 0xaaaaaaaaaaaaaaa0ULL;
	long b = -3ll * (long)g + 9223372036854775807LL;
	out[3 * g] = a ^ (a >> 29);
	out[3 * g + 1] = (ulong)b + 7LLU;
	out[3 * g + 2] = (a << 5) + 1ull;
}
