/* Separate compilation through the OpenCL API, run against clgo and
 * against the reference OpenCL (TestLinkAgainstReference compares what
 * both print): two units that each define struct S, a static helper with
 * its own body and a static constant of the same name, and call a
 * function of the other unit; linked directly, and through a library
 * saved as a binary and loaded again. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static const char *unit_a =
	"struct S { int a; float b; };\n"
	"static constant int bias = 100;\n"
	"static int helper(int x) { return x + bias; }\n"
	"int twice(int x);\n"
	"int fromA(struct S s) { return helper(s.a) + (int)s.b; }\n"
	"kernel void ka(global int *out) {\n"
	"	int i = get_global_id(0);\n"
	"	struct S s = { i, 0.5f };\n"
	"	out[i] = twice(helper(i)) + fromA(s);\n"
	"}\n";

static const char *unit_b =
	"typedef int T;\n"
	"struct S { int a; float b; };\n"
	"static constant int bias = 7;\n"
	"static T helper(T x) { return x * 3 + bias; }\n"
	"int fromA(struct S s);\n"
	"int twice(int x) { return 2 * x + helper(0); }\n"
	"kernel void kb(global int *out) {\n"
	"	int i = get_global_id(0);\n"
	"	struct S s = { i, 2.0f };\n"
	"	out[i] = helper(i) + fromA(s);\n"
	"}\n";

static const char *unit_c = "kernel void kb(global int *out) { out[0] = 1; }\n";

#define N 8
#define DIE(what, err) do { printf("%s: %d\n", what, (int)(err)); exit(1); } while (0)

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;

static cl_program compiled(const char *src) {
	cl_int err;
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	if (err) DIE("clCreateProgramWithSource", err);
	if ((err = clCompileProgram(p, 1, &dev, NULL, 0, NULL, NULL, NULL, NULL))) DIE("clCompileProgram", err);
	return p;
}

static void run(const char *what, cl_program p, const char *name) {
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	if (err) DIE("clCreateKernel", err);
	int out[N] = {0};
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof out, out, &err);
	if (err) DIE("clCreateBuffer", err);
	size_t global = N;
	if ((err = clSetKernelArg(k, 0, sizeof b, &b))) DIE("clSetKernelArg", err);
	if ((err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL))) DIE("clEnqueueNDRangeKernel", err);
	if ((err = clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL))) DIE("clEnqueueReadBuffer", err);
	printf("%s %s:", what, name);
	for (int i = 0; i < N; i++) printf(" %d", out[i]);
	printf("\n");
	clReleaseMemObject(b);
	clReleaseKernel(k);
}

int main(void) {
	cl_platform_id plat;
	cl_int err;
	if ((err = clGetPlatformIDs(1, &plat, NULL))) DIE("clGetPlatformIDs", err);
	if ((err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL))) DIE("clGetDeviceIDs", err);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (err) DIE("clCreateContext", err);
	q = clCreateCommandQueue(ctx, dev, 0, &err);
	if (err) DIE("clCreateCommandQueue", err);

	cl_program a = compiled(unit_a), b = compiled(unit_b);
	cl_program ab[2] = {a, b};
	cl_program linked = clLinkProgram(ctx, 1, &dev, NULL, 2, ab, NULL, NULL, &err);
	if (err) DIE("clLinkProgram", err);
	run("linked", linked, "ka");
	run("linked", linked, "kb");

	/* A library of unit a, saved and loaded again, linked with unit b. */
	cl_program lib = clLinkProgram(ctx, 1, &dev, "-create-library", 1, &a, NULL, NULL, &err);
	if (err) DIE("clLinkProgram -create-library", err);
	cl_program_binary_type bt;
	if ((err = clGetProgramBuildInfo(lib, dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL))) DIE("CL_PROGRAM_BINARY_TYPE", err);
	printf("library binary type %d\n", (int)bt);
	size_t size;
	if ((err = clGetProgramInfo(lib, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL))) DIE("CL_PROGRAM_BINARY_SIZES", err);
	unsigned char *bin = malloc(size);
	if ((err = clGetProgramInfo(lib, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL))) DIE("CL_PROGRAM_BINARIES", err);
	cl_program lib2 = clCreateProgramWithBinary(ctx, 1, &dev, &size, (const unsigned char **)&bin, NULL, &err);
	if (err) DIE("clCreateProgramWithBinary", err);
	free(bin);
	cl_program blib[2] = {b, lib2};
	cl_program linked2 = clLinkProgram(ctx, 1, &dev, NULL, 2, blib, NULL, NULL, &err);
	if (err) DIE("clLinkProgram of the library", err);
	run("library", linked2, "ka");

	/* A kernel defined in two units. */
	cl_program c = compiled(unit_c);
	cl_program abc[3] = {a, b, c};
	cl_program bad = clLinkProgram(ctx, 1, &dev, NULL, 3, abc, NULL, NULL, &err);
	printf("kernel defined twice: %d\n", (int)err);
	if (bad) /* clgo returns the program with the log; PoCL returns NULL */
		clReleaseProgram(bad);

	clReleaseProgram(c);
	clReleaseProgram(linked2);
	clReleaseProgram(lib2);
	clReleaseProgram(lib);
	clReleaseProgram(linked);
	clReleaseProgram(a);
	clReleaseProgram(b);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return 0;
}
