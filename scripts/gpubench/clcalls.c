// clcalls measures the host cost of single OpenCL entry points on one
// device: each call (or short sequence, such as create and release) is
// made N times in a loop and its mean wall time printed in µs. It is the
// ICD's per-call overhead without LD_PRELOAD: the calls CLBlast makes
// around each routine (device, queue, memory and kernel queries, kernel
// creation, argument setting, enqueue with an event) and the enqueue +
// clFinish round trip that clpeak calls kernel launch latency.
//
// Build: gcc -O2 clcalls.c -o clcalls -lOpenCL
// Run:   ./clcalls PLATFORM DEVICE [N] [FILTER]
// FILTER, when given, runs only the rows whose name contains it. Each row
// prints the mean wall time and the mean CPU time of the calling thread.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, e_); exit(1); } } while (0)

static double now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

// cpu_ns is the calling thread's CPU time: on a loaded machine it leaves
// out the time the thread waited for a core, so that a non-blocking
// call's cost can be compared between runs (a blocking one's is the
// wall time).
static double cpu_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static const char *src = "__kernel void k(__global float *a, __global float *b, float s) {\n"
                         "  uint i = get_global_id(0); b[i] = a[i] * s; }\n";

static cl_device_id d;
static cl_context ctx;
static cl_command_queue q;
static cl_program p;
static cl_kernel k;
static cl_mem a, b;
static size_t g = 64, l = 64;
static char buf[16384];

// The rows: each body is one iteration.
#define ROWS(X) \
	X(GetDeviceInfo_TYPE, { cl_device_type t; CK(clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL)); }) \
	X(GetDeviceInfo_MAX_COMPUTE_UNITS, { cl_uint u; CK(clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof u, &u, NULL)); }) \
	X(GetDeviceInfo_NAME, { CK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof buf, buf, NULL)); }) \
	X(GetDeviceInfo_VERSION, { CK(clGetDeviceInfo(d, CL_DEVICE_VERSION, sizeof buf, buf, NULL)); }) \
	X(GetDeviceInfo_EXTENSIONS_size, { size_t n; CK(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &n)); }) \
	X(GetDeviceInfo_EXTENSIONS, { CK(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof buf, buf, NULL)); }) \
	X(GetDeviceInfo_MAX_WORK_ITEM_SIZES, { size_t s[3]; CK(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof s, s, NULL)); }) \
	X(GetPlatformInfo_NAME, { cl_platform_id pl; CK(clGetDeviceInfo(d, CL_DEVICE_PLATFORM, sizeof pl, &pl, NULL)); CK(clGetPlatformInfo(pl, CL_PLATFORM_NAME, sizeof buf, buf, NULL)); }) \
	X(GetCommandQueueInfo_CONTEXT, { cl_context c; CK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof c, &c, NULL)); }) \
	X(GetCommandQueueInfo_DEVICE, { cl_device_id dd; CK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof dd, &dd, NULL)); }) \
	X(GetMemObjectInfo_SIZE, { size_t n; CK(clGetMemObjectInfo(a, CL_MEM_SIZE, sizeof n, &n, NULL)); }) \
	X(GetMemObjectInfo_CONTEXT, { cl_context c; CK(clGetMemObjectInfo(a, CL_MEM_CONTEXT, sizeof c, &c, NULL)); }) \
	X(GetKernelWorkGroupInfo_WORK_GROUP_SIZE, { size_t n; CK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof n, &n, NULL)); }) \
	X(GetKernelWorkGroupInfo_LOCAL_MEM_SIZE, { cl_ulong n; CK(clGetKernelWorkGroupInfo(k, d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof n, &n, NULL)); }) \
	X(GetKernelInfo_FUNCTION_NAME, { CK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof buf, buf, NULL)); }) \
	X(GetProgramInfo_NUM_DEVICES, { cl_uint n; CK(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof n, &n, NULL)); }) \
	X(RetainRelease_Mem, { CK(clRetainMemObject(a)); CK(clReleaseMemObject(a)); }) \
	X(SetKernelArg_mem, { CK(clSetKernelArg(k, 0, sizeof a, &a)); }) \
	X(SetKernelArg_float, { float s = 2; CK(clSetKernelArg(k, 2, sizeof s, &s)); }) \
	X(CreateKernel_Release, { cl_int e; cl_kernel kk = clCreateKernel(p, "k", &e); CK(e); CK(clReleaseKernel(kk)); }) \
	X(CreateBuffer_Release, { cl_int e; cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256, NULL, &e); CK(e); CK(clReleaseMemObject(m)); }) \
	X(EnqueueNDRange_noevent, { CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL)); if (i % 256 == 255) CK(clFinish(q)); }) \
	X(EnqueueNDRange_event_Release, { cl_event e; CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &e)); CK(clReleaseEvent(e)); if (i % 256 == 255) CK(clFinish(q)); }) \
	X(Finish_idle, { CK(clFinish(q)); }) \
	X(Flush_idle, { CK(clFlush(q)); }) \
	X(EnqueueNDRange_Finish, { CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL)); CK(clFinish(q)); }) \
	X(EnqueueNDRange_event_Wait_Release, { cl_event e; CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &e)); CK(clWaitForEvents(1, &e)); CK(clReleaseEvent(e)); }) \
	X(EnqueueWriteBuffer_4B_blocking, { float v = 1; CK(clEnqueueWriteBuffer(q, a, CL_TRUE, 0, 4, &v, 0, NULL, NULL)); }) \
	X(EnqueueReadBuffer_4B_blocking, { float v; CK(clEnqueueReadBuffer(q, a, CL_TRUE, 0, 4, &v, 0, NULL, NULL)); }) \
	X(CreateKernel_SetArgs_Enqueue_Release, { cl_int e; cl_kernel kk = clCreateKernel(p, "k", &e); CK(e); float s = 2; \
		CK(clSetKernelArg(kk, 0, sizeof a, &a)); CK(clSetKernelArg(kk, 1, sizeof b, &b)); CK(clSetKernelArg(kk, 2, sizeof s, &s)); \
		CK(clEnqueueNDRangeKernel(q, kk, 1, NULL, &g, &l, 0, NULL, NULL)); CK(clReleaseKernel(kk)); if (i % 256 == 255) CK(clFinish(q)); }) \
	X(CLBlast_like_routine, { routine(i); })

// routine makes the calls CLBlast makes around one routine call (counted
// with an LD_PRELOAD shim over SAXPY: about 30 clGetDeviceInfo, 12
// clGetCommandQueueInfo, 8 clGetMemObjectInfo, 3 clGetKernelWorkGroupInfo,
// then the kernel's creation, arguments, enqueue with an event, and the
// releases), without waiting (a clFinish every 256).
static void routine(int i) {
	static const cl_device_info infos[] = {CL_DEVICE_TYPE, CL_DEVICE_MAX_COMPUTE_UNITS, CL_DEVICE_LOCAL_MEM_SIZE,
		CL_DEVICE_MAX_WORK_GROUP_SIZE, CL_DEVICE_ADDRESS_BITS, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS};
	for (int j = 0; j < 24; j++) CK(clGetDeviceInfo(d, infos[j % 6], sizeof buf, buf, NULL));
	CK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof buf, buf, NULL));
	CK(clGetDeviceInfo(d, CL_DEVICE_VENDOR, sizeof buf, buf, NULL));
	CK(clGetDeviceInfo(d, CL_DEVICE_VERSION, sizeof buf, buf, NULL));
	CK(clGetDeviceInfo(d, CL_DRIVER_VERSION, sizeof buf, buf, NULL));
	size_t n;
	CK(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, 0, NULL, &n));
	CK(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof buf, buf, NULL));
	for (int j = 0; j < 6; j++) {
		cl_context c;
		cl_device_id dd;
		CK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof c, &c, NULL));
		CK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof dd, &dd, NULL));
	}
	for (int j = 0; j < 4; j++) {
		size_t sz;
		cl_context c;
		CK(clGetMemObjectInfo(j % 2 ? a : b, CL_MEM_SIZE, sizeof sz, &sz, NULL));
		CK(clGetMemObjectInfo(j % 2 ? a : b, CL_MEM_CONTEXT, sizeof c, &c, NULL));
	}
	cl_int e;
	cl_kernel kk = clCreateKernel(p, "k", &e);
	CK(e);
	size_t wg;
	cl_ulong lm;
	CK(clGetKernelWorkGroupInfo(kk, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
	CK(clGetKernelWorkGroupInfo(kk, d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL));
	CK(clGetKernelWorkGroupInfo(kk, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
	float s = 2;
	CK(clSetKernelArg(kk, 0, sizeof a, &a));
	CK(clSetKernelArg(kk, 1, sizeof b, &b));
	CK(clSetKernelArg(kk, 2, sizeof s, &s));
	cl_event ev;
	CK(clEnqueueNDRangeKernel(q, kk, 1, NULL, &g, &l, 0, NULL, &ev));
	CK(clReleaseKernel(kk));
	CK(clReleaseEvent(ev));
	if (i % 256 == 255) CK(clFinish(q));
}

int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: clcalls PLATFORM DEVICE [N] [FILTER]\n"); return 2; }
	int pi = atoi(argv[1]), di = atoi(argv[2]), n = argc > 3 ? atoi(argv[3]) : 100000;
	const char *filter = argc > 4 ? argv[4] : "";
	cl_platform_id plats[8];
	cl_uint np;
	CK(clGetPlatformIDs(8, plats, &np));
	cl_device_id devs[8];
	cl_uint nd;
	CK(clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 8, devs, &nd));
	d = devs[di];
	char name[256];
	CK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL));
	cl_int err;
	ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
	CK(err);
	q = clCreateCommandQueue(ctx, d, 0, &err);
	CK(err);
	p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CK(err);
	CK(clBuildProgram(p, 1, &d, "", NULL, NULL));
	k = clCreateKernel(p, "k", &err);
	CK(err);
	a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, g * 4, NULL, &err);
	CK(err);
	b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, g * 4, NULL, &err);
	CK(err);
	float s = 2;
	CK(clSetKernelArg(k, 0, sizeof a, &a));
	CK(clSetKernelArg(k, 1, sizeof b, &b));
	CK(clSetKernelArg(k, 2, sizeof s, &s));
	printf("%s, %d calls a row, mean µs per iteration: wall, thread CPU\n", name, n);
#define RUN(NAME, BODY) \
	if (strstr(#NAME, filter)) { \
		int m = n; \
		for (int i = 0; i < m / 10; i++) BODY; \
		CK(clFinish(q)); \
		double t0 = now_ns(), c0 = cpu_ns(); \
		for (int i = 0; i < m; i++) BODY; \
		CK(clFinish(q)); \
		printf("%-40s %9.3f %9.3f\n", #NAME, (now_ns() - t0) / m / 1e3, (cpu_ns() - c0) / m / 1e3); \
	}
	ROWS(RUN)
	return 0;
}
