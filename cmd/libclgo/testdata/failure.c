/* A command that fails after its enqueue returned (an out-of-bounds store
   on the host device, the kern.c reproducer of the reliability audit) is
   reported everywhere the OpenCL API can: its event's status, the blocking
   read enqueued after it, clWaitForEvents, clFinish, clSetEventCallback and
   the context's pfn_notify. Afterwards the queue works again.
   Usage: failure [DEVICE-INDEX]; prints PASS. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)

static const char *src =
	"kernel void oob_w(global int *a, int n) { a[get_global_id(0) + n] = 0x41414141; }\n"
	"kernel void fill(global int *a, int v) { a[get_global_id(0)] = v; }\n";

static volatile int notified;
static char message[4096];
static void CL_CALLBACK on_error(const char *errinfo, const void *private_info, size_t cb, void *user_data) {
	if (user_data != (void *)&notified) return;
	if (__sync_fetch_and_add(&notified, 1) == 0) snprintf(message, sizeof message, "%s", errinfo);
}

static volatile int event_status = 1;
static void CL_CALLBACK on_event(cl_event e, cl_int status, void *data) { event_status = status; }

static void wait_for(volatile int *flag, int unset) {
	for (int i = 0; i < 500 && *flag == unset; i++) usleep(10000);
}

int main(int argc, char **argv) {
	int index = argc > 1 ? atoi(argv[1]) : 0;
	cl_platform_id plat;
	cl_device_id devs[4];
	cl_uint n;
	cl_int err;
	OK(clGetPlatformIDs(1, &plat, NULL));
	OK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &n));
	if ((cl_uint)index >= n) { printf("no device %d\n", index); return 1; }
	cl_device_id dev = devs[index];
	/* The device reports memory it can hold, and a largest allocation the
	   specification allows: at least max(global/4, 128 MiB), at most global. */
	cl_ulong global = 0, maxalloc = 0;
	OK(clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxalloc, &maxalloc, NULL));
	long pages = sysconf(_SC_PHYS_PAGES), pagesize = sysconf(_SC_PAGE_SIZE);
	CHECK(pages <= 0 || global <= (cl_ulong)pages * (cl_ulong)pagesize, "global memory %llu exceeds the machine's %llu",
	      (unsigned long long)global, (unsigned long long)pages * (unsigned long long)pagesize);
	CHECK(maxalloc <= global && maxalloc >= global / 4 && maxalloc >= (128 << 20), "max alloc %llu for global %llu",
	      (unsigned long long)maxalloc, (unsigned long long)global);
	cl_context ctx = clCreateContext(NULL, 1, &dev, on_error, (void *)&notified, &err);
	OK(err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	OK(err);
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
	cl_kernel oob = clCreateKernel(p, "oob_w", &err);
	OK(err);
	cl_kernel fill = clCreateKernel(p, "fill", &err);
	OK(err);

	int guard[64];
	for (int i = 0; i < 64; i++) guard[i] = 0x5a5a5a5a;
	cl_mem a = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof guard, guard, &err);
	OK(err);
	int far = 100;
	OK(clSetKernelArg(oob, 0, sizeof a, &a));
	OK(clSetKernelArg(oob, 1, sizeof far, &far));
	OK(clSetKernelArg(fill, 0, sizeof a, &a));
	int seven = 7;
	OK(clSetKernelArg(fill, 1, sizeof seven, &seven));

	/* The kernel fails; the kernel enqueued after it must not run and the
	   blocking read after both must not return data as success. */
	size_t gs = 16, ls = 16;
	cl_event kev, fev;
	OK(clEnqueueNDRangeKernel(q, oob, 1, NULL, &gs, &ls, 0, NULL, &kev));
	OK(clSetEventCallback(kev, CL_COMPLETE, on_event, NULL));
	OK(clEnqueueNDRangeKernel(q, fill, 1, NULL, &gs, &ls, 0, NULL, &fev));
	int got[64];
	EXPECT(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	cl_int st = 99;
	OK(clGetEventInfo(kev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
	CHECK(st == CL_OUT_OF_RESOURCES, "failed kernel's status %d, want CL_OUT_OF_RESOURCES", st);
	OK(clGetEventInfo(fev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
	CHECK(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "status of the kernel after it %d", st);
	EXPECT(clWaitForEvents(1, &kev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	/* A blocking write waiting on the failed kernel. */
	EXPECT(clEnqueueWriteBuffer(q, a, CL_TRUE, 0, 4, &seven, 1, &kev, NULL), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	EXPECT(clFinish(q), CL_OUT_OF_RESOURCES);
	OK(clFinish(q)); /* reported once */

	wait_for(&event_status, 1);
	CHECK(event_status == CL_OUT_OF_RESOURCES, "clSetEventCallback got %d", event_status);
	wait_for(&notified, 0);
	CHECK(notified == 1, "pfn_notify called %d times, want once", notified);
	CHECK(strstr(message, "oob_w") && strstr(message, "out-of-bounds"), "pfn_notify message %s", message);
	printf("pfn_notify: %s\n", message);

	/* The guard is intact and the queue works again. */
	OK(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
	CHECK(got[0] == 0x5a5a5a5a && got[63] == 0x5a5a5a5a, "guard %x %x", got[0], got[63]);
	OK(clEnqueueNDRangeKernel(q, fill, 1, NULL, &gs, &ls, 0, NULL, NULL));
	OK(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
	CHECK(got[0] == 7 && got[15] == 7 && got[16] == 0x5a5a5a5a, "after: %d %d %x", got[0], got[15], got[16]);
	OK(clFinish(q));

	clReleaseEvent(kev);
	clReleaseEvent(fev);
	clReleaseMemObject(a);
	clReleaseKernel(oob);
	clReleaseKernel(fill);
	clReleaseProgram(p);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
