//! kernel goto_nested
//! global 32
//! local 8
//! arg buffer<int> 128 out

// Gotos whose regions overlap and nest (a backward loop label with a
// forward exit from inside it), gotos out of a switch and out of a loop in
// a switch, and two inlined helpers that both use the label name "out".
int helper(int v)
{
	int r = 0;
	switch (v & 3) {
	case 0:
		r = 1;
		goto out;
	case 1:
		for (int i = 0; i < v; i++) {
			r += i;
			if (r > 20)
				goto out;
		}
		break;
	default:
		r = -v;
	}
	r *= 2;
out:
	return r;
}

int again(int v)
{
	int n = 0;
out:
	n++;
	if (n < (v & 7))
		goto out;
	return n;
}

kernel void goto_nested(global int *out)
{
	int g = get_global_id(0);
	int acc = 0, i = 0;
loop:
	if (i >= 4)
		goto done;
	acc += helper(g + i) + again(g * 3 + i);
	i++;
	while (1) {
		if (acc & 1) {
			acc += 3;
			goto loop;
		}
		acc += 1;
		if (acc % 5 == 0)
			continue;
		goto loop;
	}
done:
	out[4 * g] = acc;
	out[4 * g + 1] = helper(g);
	out[4 * g + 2] = again(g);
	switch (g & 1) {
	case 0:
		if (g > 10)
			goto end;
		out[4 * g + 3] = 7;
		break;
	case 1:
		out[4 * g + 3] = 9;
	}
end:
	;
}
