// Unit B of the two-unit program of the link tests (cl and compiler):
// both units define struct S, a static helper with a different body and
// a static constant of the same name, and each calls a function that the
// other defines. As one source they would be redefinitions.
typedef int T;
struct S { int a; float b; };
static constant int bias = 7;
static T helper(T x) { return x * 3 + bias; }
int fromA(struct S s);
int twice(int x) { return 2 * x + helper(0); }
kernel void kb(global int *out) {
	int i = get_global_id(0);
	struct S s = { i, 2.0f };
	out[i] = helper(i) + fromA(s);
}
