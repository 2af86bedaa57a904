//! kernel goto_into_loop
//! global 64
//! local 16
//! arg buffer<int> 64 random(-20,20)
//! arg buffer<int> 256 out

// Irreducible control flow: gotos into the middle of a while loop (a loop
// with two entries), into a for loop's body (its increment and continue
// still apply), and into a do-while.
int twoentries(int x)
{
	int i = 0, s = 0;
	if (x & 1)
		goto middle;
	while (i < 10) {
		s += i;
middle:
		s += 2 * i + (x & 3);
		i++;
	}
	return s;
}

int intofor(int x)
{
	int s = 0, i;
	i = x & 3;
	if (x > 0)
		goto body;
	for (i = 0; i < 6; i++) {
		s += 10;
body:
		s += i;
		if (s > 40)
			break;
		if (i == 2)
			continue;
		s++;
	}
	return s * 100 + i;
}

int intodo(int x)
{
	int n = x & 15, r = 1;
	if (n > 8)
		goto inside;
	do {
		r = r * 3 % 1000;
inside:
		r += n;
		n -= 2;
	} while (n > 0);
	return r;
}

kernel void goto_into_loop(global const int *in, global int *out)
{
	int g = get_global_id(0);
	int x = in[g];
	out[4 * g] = twoentries(x);
	out[4 * g + 1] = intofor(x);
	out[4 * g + 2] = intodo(x);
	out[4 * g + 3] = twoentries(g) + intofor(g - 32) + intodo(g);
}
