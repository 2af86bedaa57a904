//! kernel switch_nested_cases
//! global 32
//! local 8
//! arg buffer<int> 512 random(-30,60)
//! arg buffer<int> 768 out

// A coroutine written as a switch over its resume point, as miniz's
// inflater (hashcat's PKZIP kernels) is: case labels nested in
// do { } while (0) blocks inside a for loop, a while loop, an if and an
// endless loop, each reached again by the next call.
typedef struct {
	int state, i, acc, pos;
} coro;

#define YIELD(k, v)             \
	do {                    \
		c->state = k;   \
		result = (v);   \
		goto out;       \
	case k:;                \
	} while (0)

int next(coro *c, global const int *data, int len)
{
	int result = -1;
	switch (c->state) {
	case 0:
		c->acc = 0;
		for (c->i = 0; c->i < 3; c->i++) {
			YIELD(1, c->i * 10);
		}
		while (c->pos < len) {
			int v = data[c->pos++];
			if (v < 0) {
				YIELD(2, -v);
				continue;
			}
			c->acc += v;
			if (c->acc > 100) {
				YIELD(3, c->acc);
				c->acc = 0;
			}
		}
		YIELD(4, 1000 + c->acc);
		for (;;)
			YIELD(5, -7);
	default:
		result = -99;
	}
out:
	return result;
}

kernel void switch_nested_cases(global const int *in, global int *out)
{
	int g = get_global_id(0);
	coro c = {0, 0, 0, 0};
	for (int k = 0; k < 24; k++)
		out[g * 24 + k] = next(&c, in + g * 16, 16);
}
