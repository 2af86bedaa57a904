// The kernel of il.c: clCreateProgramWithIL gets it as `clgo compile` writes it,
// and with its constant 12345 made a specialization constant.
kernel void k(global int *a) { a[get_global_id(0)] = 12345; }
