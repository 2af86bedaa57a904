// Calls twice_plus, which export.cl defines: the declaration becomes a
// function with LinkageAttributes Import; clLinkProgram joins the two.
int twice_plus(int x, int y);

kernel void k(global int *a) {
	size_t i = get_global_id(0);
	a[i] = twice_plus((int)i, 5);
}
