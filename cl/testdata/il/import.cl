// Calls twice_plus, which export.cl defines: the declaration becomes a
// function with LinkageAttributes Import; clLinkProgram joins the two.
// put's pointer is generic (OpenCL C 2.0), so the unit needs the options
// it was translated for (-cl-std) at every link, its binary's included.
int twice_plus(int x, int y);

void put(int *p, int v) { *p = v; }

kernel void k(global int *a) {
	size_t i = get_global_id(0);
	put(&a[i], twice_plus((int)i, 5));
}
