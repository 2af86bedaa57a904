// exitrelease.c: OpenCL objects released from an exit handler, after main
// has returned, as libraries with static caches do (CLBlast releases its
// programs from a static destructor). The handler is registered before the
// ICD is loaded, so it runs after everything the ICD and the device's
// driver registered: there the driver may be unloaded already. Every
// release must succeed and the process exit normally. The device is
// argv[1] (0 the host, 1 the Vulkan device). Prints PASS from the handler,
// or SKIP without the device, or FAIL and why.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CHECK(x)                                                         \
	do {                                                                 \
		cl_int rc_ = (x);                                                \
		if (rc_ != CL_SUCCESS) {                                         \
			printf("FAIL %s:%d: %s = %d\n", __FILE__, __LINE__, #x, rc_); \
			exit(1);                                                     \
		}                                                                \
	} while (0)

static const char *src =
	"kernel void inc(global int *p, local int *t) { t[get_local_id(0)] = 1; p[get_global_id(0)] += t[get_local_id(0)]; }\n"
	"kernel void dec(global int *p) { local int t[16]; t[get_local_id(0)] = 1; p[get_global_id(0)] -= t[get_local_id(0)]; }\n";

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static cl_kernel k;
static cl_mem buf;

static void release_at_exit(void) {
	cl_int e[5] = {clReleaseKernel(k), clReleaseProgram(prog), clReleaseMemObject(buf), clReleaseCommandQueue(q),
	               clReleaseContext(ctx)};
	for (int i = 0; i < 5; i++) {
		if (e[i] != CL_SUCCESS) {
			printf("FAIL release %d at exit: %d\n", i, e[i]);
			fflush(stdout);
			_exit(1);
		}
	}
	printf("PASS\n");
	fflush(stdout);
}

int main(int argc, char **argv) {
	int want = argc > 1 ? atoi(argv[1]) : 1;
	atexit(release_at_exit);
	cl_platform_id plat;
	CHECK(clGetPlatformIDs(1, &plat, NULL));
	cl_device_id devs[4];
	cl_uint n = 0;
	CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &n));
	if ((cl_uint)want >= n) {
		printf("SKIP: no device %d\n", want);
		fflush(stdout);
		_exit(0);
	}
	cl_int err;
	ctx = clCreateContext(NULL, 1, &devs[want], NULL, NULL, &err);
	CHECK(err);
	q = clCreateCommandQueueWithProperties(ctx, devs[want], NULL, &err);
	CHECK(err);
	prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CHECK(err);
	CHECK(clBuildProgram(prog, 1, &devs[want], "", NULL, NULL));
	k = clCreateKernel(prog, "inc", &err);
	CHECK(err);
	int init[16] = {0};
	buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof init, init, &err);
	CHECK(err);
	CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
	CHECK(clSetKernelArg(k, 1, 16 * sizeof(int), NULL));
	size_t g = 16, l = 16;
	CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
	int out[16];
	CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
	for (int i = 0; i < 16; i++) {
		if (out[i] != 1) {
			printf("FAIL out[%d] = %d, want 1\n", i, out[i]);
			fflush(stdout);
			_exit(1);
		}
	}
	return 0; // the objects are released by release_at_exit
}
