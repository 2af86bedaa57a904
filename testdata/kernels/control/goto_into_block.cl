//! kernel goto_into_block
//! global 64
//! local 16
//! arg buffer<int> 64 random(-50,50)
//! arg buffer<int> 256 out

// Gotos into blocks, as Cephes' Bessel functions (pyopencl) jump into an
// if's block from before it: into a then branch, into an else branch,
// into a block nested three deep, and backward into a nested block.
int classify(int x)
{
	int y = 0;
	if (x < -40)
		goto deep;
	if (x > 30)
		goto rlarger;
	if (x > 10 && x < 20) {
		y = 1;
rlarger:
		y += x * 2;
		goto done;
	}
	if (x < 0) {
		y = -x;
	} else {
		y = 3;
		if (x == 7) {
			if (y == 3) {
deep:
				y += 100;
				goto done;
			}
		}
		if (x == 9)
			goto els;
	}
	if (x == 5) {
		y = 7;
	} else {
els:
		y -= 2;
	}
done:
	return y;
}

// A backward goto into a nested block: a loop entered in its middle.
int backward(int x)
{
	int n = 0, k = x & 7;
	if (k > 4)
		goto mid;
	n = 1;
	{
again:
		n += 3;
		if (k > 0) {
mid:
			n *= 2;
			k--;
			if (n < 1000)
				goto again;
		}
	}
	return n * 10 + k;
}

kernel void goto_into_block(global const int *in, global int *out)
{
	int g = get_global_id(0);
	int x = in[g];
	out[4 * g] = classify(x);
	out[4 * g + 1] = classify(g - 45);
	out[4 * g + 2] = backward(x);
	out[4 * g + 3] = backward(g);
}
