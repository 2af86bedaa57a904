//! kernel goto_forward
//! global 64
//! local 16
//! arg buffer<int> 64 out
//! arg int 7

// Forward gotos to a label later in an enclosing block: out of nested
// loops and a switch (an interpreter's "skip to the end of this
// instruction"), over a declaration, and from an inlined helper that also
// returns early; break and continue across the goto's region.
int classify(int v)
{
	int r = 0;
	for (int i = 0; i < 4; i++) {
		if (v == i)
			goto found;
		if (v < 0)
			return -1;
	}
	r = 100;
	goto done;
found:
	r = v * 10;
done:
	return r + 1;
}

kernel void goto_forward(global int *out, int n)
{
	int g = get_global_id(0);
	int acc = 0;
	for (int ip = 0; ip < n; ip++) {
		int op = (g + ip) % 5;
		for (int k = 0; k < 3; k++) {
			switch (op) {
			case 0:
				acc += k;
				if (k == 1)
					goto end_of_insn;
				break;
			case 1:
				if (acc > 40)
					break;
				acc ^= g;
				continue;
			case 2:
				if (g & 1)
					goto end_of_insn;
				acc -= 3;
				break;
			default:
				acc += op;
			}
			if (acc > 200)
				break;
		}
		acc = acc * 3 + 1;
		if ((acc & 7) == 3)
			continue;
		if (acc > 100000)
			break;
		acc &= 0xffff;
end_of_insn:
		acc += classify(acc % 6 - 1);
	}
	if (g > 60)
		goto skip;
	int t = acc * 2;
	out[g] = t;
	goto tail;
skip:
	out[g] = -acc;
tail:
	;
}
