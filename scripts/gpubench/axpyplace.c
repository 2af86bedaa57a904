// axpyplace runs CLBlast's XaxpyFastest (argv[3]: the program clgo dumped
// for CLBlast's SAXPY, CLGO_DUMP_DIR) on 64 Mi floats after "ballast"
// buffers, to find why CLBlast's SAXPY ran 1.7x slower on clgo than on
// NVIDIA's OpenCL. In one process it times XaxpyFastest, the same
// computation written simply (local size 128 and 256, and with alpha a
// literal: no POD argument read), XaxpyFastest after a read-back of y, on
// two more buffers, and on x with the new y. On an H100 every one of them
// ran at 450-461 us through the ICD (NVIDIA's OpenCL: 266 us): the GPU's
// clock after idle, not the kernel or the buffers' placement
// (docs/performance.md, 2026-11-26 H100 section).
//
// Environment: AP_BALLAST=n buffers of AP_MB MiB (default 3 of 64) made
// before x and y, AP_WRITE=0 leaves them unwritten, AP_RELEASE=1 releases
// them before x and y are made, AP_CONST=1 fills x and y with a constant
// instead of random floats, AP_N=n floats (default 64 Mi).
//
// Build: gcc -O2 axpyplace.c -o axpyplace -lOpenCL
// Run:   ./axpyplace PLATFORM DEVICE program.cl
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s:%d: %s: %d\n", __FILE__, __LINE__, #x, e_); exit(1); } } while (0)

static int env(const char *n, int def) { return getenv(n) ? atoi(getenv(n)) : def; }

// time_kernel runs kernel name of p (arguments n, 0.5, x, y) 10 times and
// prints the best device time.
static void time_kernel(cl_command_queue q, cl_program p, const char *name, size_t lo, cl_mem x, cl_mem y, size_t n,
                        const char *what) {
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err); CK(err);
	int ni = (int)n; float alpha = 0.5f;
	CK(clSetKernelArg(k, 0, sizeof ni, &ni));
	CK(clSetKernelArg(k, 1, sizeof alpha, &alpha));
	CK(clSetKernelArg(k, 2, sizeof x, &x));
	CK(clSetKernelArg(k, 3, sizeof y, &y));
	size_t gl = n / 4;
	double best = 1e9;
	for (int r = 0; r < 10; r++) {
		cl_event ev;
		CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gl, &lo, 0, NULL, &ev));
		CK(clFinish(q));
		cl_ulong st, en;
		clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof st, &st, NULL);
		clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof en, &en, NULL);
		clReleaseEvent(ev);
		if ((en - st) * 1e-3 < best) best = (en - st) * 1e-3;
	}
	clReleaseKernel(k);
	printf("%-40s best %7.1f us\n", what, best);
}

int main(int argc, char **argv) {
	if (argc < 4) { fprintf(stderr, "usage: axpyplace PLATFORM DEVICE program.cl\n"); return 2; }
	cl_platform_id plats[8]; cl_uint np;
	CK(clGetPlatformIDs(8, plats, &np));
	cl_device_id devs[8]; cl_uint nd;
	CK(clGetDeviceIDs(plats[atoi(argv[1])], CL_DEVICE_TYPE_ALL, 8, devs, &nd));
	cl_device_id d = devs[atoi(argv[2])];
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err); CK(err);
	cl_command_queue q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &err); CK(err);
	FILE *f = fopen(argv[3], "rb"); if (!f) { perror(argv[3]); return 1; }
	static char src[1 << 20]; size_t len = fread(src, 1, sizeof src - 1, f); src[len] = 0; fclose(f);
	const char *s = src;
	cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err); CK(err);
	CK(clBuildProgram(p, 1, &d, "-cl-std=CL1.1", NULL, NULL));
	int nb = env("AP_BALLAST", 3), mb = env("AP_MB", 64);
	size_t bsz = (size_t)mb << 20;
	float *h = malloc(bsz > (256u << 20) ? bsz : (256u << 20));
	srand(12345);
	cl_mem ballast[64];
	for (int i = 0; i < nb && i < 64; i++) {
		ballast[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bsz, NULL, &err); CK(err);
		if (env("AP_WRITE", 1)) {
			for (size_t j = 0; j < bsz / 4; j++) h[j] = (float)rand() / RAND_MAX * 2 - 1;
			CK(clEnqueueWriteBuffer(q, ballast[i], CL_TRUE, 0, bsz, h, 0, NULL, NULL));
		}
	}
	if (env("AP_RELEASE", 0)) for (int i = 0; i < nb && i < 64; i++) clReleaseMemObject(ballast[i]);
	const size_t n = (size_t)env("AP_N", 64 << 20);
	printf("ballast %d x %d MiB write %d release %d const %d\n", nb, mb, env("AP_WRITE", 1), env("AP_RELEASE", 0), env("AP_CONST", 0));
	cl_mem xy[2];
	for (int i = 0; i < 2; i++) {
		for (size_t j = 0; j < n; j++) h[j] = env("AP_CONST", 0) ? 1.0f : (float)rand() / RAND_MAX * 2 - 1;
		xy[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err); CK(err);
		CK(clEnqueueWriteBuffer(q, xy[i], CL_TRUE, 0, n * 4, h, 0, NULL, NULL));
	}
	const char *mine = "__kernel __attribute__((reqd_work_group_size(LS, 1, 1)))\n"
	                   "void saxpy4(const int n, const float alpha, const __global float4* restrict xgm, __global float4* ygm) {\n"
	                   "  const int id = get_global_id(0);\n"
	                   "  ygm[id] = ygm[id] + alpha * xgm[id];\n"
	                   "}\n";
	const char *noarg = "__kernel __attribute__((reqd_work_group_size(128, 1, 1)))\n"
	                    "void saxpy4(const int n, const float alpha, const __global float4* restrict xgm, __global float4* ygm) {\n"
	                    "  const int id = get_global_id(0);\n"
	                    "  ygm[id] = ygm[id] + 0.5f * xgm[id];\n"
	                    "}\n";
	cl_program pm[3];
	for (int i = 0; i < 3; i++) {
		pm[i] = clCreateProgramWithSource(ctx, 1, i == 2 ? &noarg : &mine, NULL, &err); CK(err);
		CK(clBuildProgram(pm[i], 1, &d, i == 1 ? "-DLS=256" : "-DLS=128", NULL, NULL));
	}
	time_kernel(q, pm[2], "saxpy4", 128, xy[0], xy[1], n, "H: simple, alpha a literal (no POD read)");
	time_kernel(q, p, "XaxpyFastest", 256, xy[0], xy[1], n, "A: XaxpyFastest");
	time_kernel(q, pm[0], "saxpy4", 128, xy[0], xy[1], n, "B: simple, local 128");
	time_kernel(q, pm[1], "saxpy4", 256, xy[0], xy[1], n, "C: simple, local 256");
	CK(clEnqueueReadBuffer(q, xy[1], CL_TRUE, 0, n * 4, h, 0, NULL, NULL));
	time_kernel(q, p, "XaxpyFastest", 256, xy[0], xy[1], n, "D: XaxpyFastest after a read-back");
	cl_mem xy2[2];
	for (int i = 0; i < 2; i++) {
		xy2[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, NULL, &err); CK(err);
		CK(clEnqueueWriteBuffer(q, xy2[i], CL_TRUE, 0, n * 4, h, 0, NULL, NULL));
	}
	time_kernel(q, p, "XaxpyFastest", 256, xy2[0], xy2[1], n, "E: XaxpyFastest, two more buffers");
	time_kernel(q, pm[0], "saxpy4", 128, xy2[0], xy2[1], n, "F: simple, two more buffers");
	time_kernel(q, p, "XaxpyFastest", 256, xy[0], xy2[1], n, "G: XaxpyFastest, x and the new y");
	return 0;
}
