// Unit A of the two-unit program of the link tests (cl and compiler):
// both units define struct S, a static helper with a different body and
// a static constant of the same name, and each calls a function that the
// other defines. As one source they would be redefinitions.
struct S { int a; float b; };
static constant int bias = 100;
static int helper(int x) { return x + bias; }
int twice(int x);
int fromA(struct S s) { return helper(s.a) + (int)s.b; }
kernel void ka(global int *out) {
	int i = get_global_id(0);
	struct S s = { i, 0.5f };
	out[i] = twice(helper(i)) + fromA(s);
}
