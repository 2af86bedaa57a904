//! kernel goto_backward
//! global 64
//! local 16
//! arg buffer<uint> 128 out
//! arg uint 5

// Backward gotos (loops written with labels, as bit-sliced crypto kernels
// do): a label with gotos both before and after it, a goto out of an inner
// loop back to an outer label, and regions that nest.
kernel void goto_backward(global uint *out, uint rounds)
{
	uint g = get_global_id(0);
	uint x = g * 2654435761u, y = g + 1, iter = rounds, swapped = 0;
start:
	x = (x << 3 | x >> 29) ^ y;
	if (swapped == 0x100)
		goto next;
	if (y & 1) {
		y += 3;
		goto start;
	}
swap:
	for (uint i = 0; i < 4; i++) {
		y = y * 5 + i;
		if ((y & 15) == 7)
			goto start;
	}
	if (--iter)
		goto swap;
	swapped = 0x100;
next:
	out[2 * g] += x;
	if (swapped != 0x100) {
		swapped = 0x100;
		iter = 2;
		goto start;
	}
	out[2 * g + 1] = y;
}
