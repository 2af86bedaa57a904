//! kernel null_on_unused_path
//! global 64
//! local 16
//! arg buffer<uint> 256 out
//! arg buffer<uint> 64 out

// A helper that takes optional output pointers and tests them at run time,
// called with 0 for the ones a call site does not want (a pattern of hash
// kernels): after inlining, the untaken paths dereference a null pointer,
// which is undefined only if it runs, so the kernel must build.
void digest(uint *state, uint *dst, global uint *gdst, uint words)
{
	uint a = state[0] * 2654435761u, b = state[1] ^ (a >> 7);
	if (dst) {
		dst[0] = a;
		dst[1] = b;
		return;
	}
	if (!words) {
		gdst[0] = a + b;
		return;
	}
	for (uint i = 0; i < words; i++)
		gdst[i] = a ^ (b + i);
}

typedef struct { uint id; uint coef[3]; } material;

// The address of a member through a pointer that may be null, taken only
// where it is not.
uint shade(const material *m, uint x)
{
	const uint *c = m ? &m->coef[1] : 0;
	return c ? *c * x : x + 1;
}

kernel void null_on_unused_path(global uint *out, global uint *shaded)
{
	uint g = get_global_id(0);
	uint s[2] = {g + 1, g * 3};
	uint t[2];
	digest(s, t, 0, 0);
	digest(t, 0, out + 4 * g, 0);
	digest(s, 0, out + 4 * g + 1, 3);
	material m = {g, {1, g + 2, 3}};
	shaded[g] = shade(&m, g) + shade(0, g);
}
