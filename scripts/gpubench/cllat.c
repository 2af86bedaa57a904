// cllat breaks clpeak's kernel launch latency down on one OpenCL device:
// one small kernel enqueued on a profiling queue and clFinish'ed, N times;
// it prints the means of the host time inside clEnqueueNDRangeKernel and
// inside clFinish, and of the event's SUBMIT-QUEUED, START-SUBMIT,
// START-QUEUED (clpeak's number) and END-START.
//
// Build: gcc -O2 cllat.c -o cllat -lOpenCL
// Run:   ./cllat PLATFORM DEVICE [N]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, e_); exit(1); } } while (0)

static double now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static const char *src = "__kernel void k(__global float *a, __global float *b) {\n"
                         "  uint i = get_global_id(0); b[i] = a[i] * 2.0f; }\n";

int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: cllat PLATFORM DEVICE [N]\n"); return 2; }
	int pi = atoi(argv[1]), di = atoi(argv[2]), n = argc > 3 ? atoi(argv[3]) : 20000;
	cl_platform_id plats[8];
	cl_uint np;
	CK(clGetPlatformIDs(8, plats, &np));
	cl_device_id devs[8];
	cl_uint nd;
	CK(clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 8, devs, &nd));
	cl_device_id d = devs[di];
	char name[256];
	CK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL));
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
	CK(err);
	cl_command_queue q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &err);
	CK(err);
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CK(err);
	CK(clBuildProgram(p, 1, &d, "", NULL, NULL));
	cl_kernel k = clCreateKernel(p, "k", &err);
	CK(err);
	size_t g = 132 * 256, l = 256;
	cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, g * 4, NULL, &err);
	CK(err);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, g * 4, NULL, &err);
	CK(err);
	CK(clSetKernelArg(k, 0, sizeof a, &a));
	CK(clSetKernelArg(k, 1, sizeof b, &b));
	double enq = 0, fin = 0, sq = 0, ss = 0, sqs = 0, se = 0;
	for (int i = -n / 10; i < n; i++) {
		cl_event ev;
		double t0 = now_ns();
		CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &ev));
		double t1 = now_ns();
		CK(clFinish(q));
		double t2 = now_ns();
		cl_ulong qd, sb, st, en;
		CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof qd, &qd, NULL));
		CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_SUBMIT, sizeof sb, &sb, NULL));
		CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof st, &st, NULL));
		CK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof en, &en, NULL));
		CK(clReleaseEvent(ev));
		if (i < 0) continue;
		enq += t1 - t0;
		fin += t2 - t1;
		sq += (double)(long long)(sb - qd);
		ss += (double)(long long)(st - sb);
		sqs += (double)(long long)(st - qd);
		se += (double)(long long)(en - st);
	}
	printf("%s: %d launches, means in us: enqueue %.2f  finish %.2f  | SUBMIT-QUEUED %.2f  START-SUBMIT %.2f  "
	       "START-QUEUED %.2f  END-START %.2f\n",
	       name, n, enq / n / 1e3, fin / n / 1e3, sq / n / 1e3, ss / n / 1e3, sqs / n / 1e3, se / n / 1e3);
	return 0;
}
