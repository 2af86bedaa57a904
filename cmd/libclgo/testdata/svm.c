/* Shared virtual memory through the ICD: clSVMAlloc's checks, map / write
   on the host / kernel through a pointer inside the allocation / fill /
   memcpy both ways / map and read on the host, a buffer made of SVM memory
   (CL_MEM_USES_SVM_POINTER), clEnqueueSVMFree with a callback,
   clEnqueueSVMMigrateMem, clSetKernelExecInfo and, where the device has
   them, fine-grained buffers used without maps.
   Usage: svm [DEVICE-INDEX]; prints PASS. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)

static const char *src =
	"kernel void add(global int *a, int n) { a[get_global_id(0)] += n; }\n";

static int freed;
static void *freed_ptr;
static cl_command_queue freed_queue;
static void CL_CALLBACK free_fn(cl_command_queue q, cl_uint n, void *ptrs[], void *data) {
	freed += n;
	freed_ptr = ptrs[0];
	freed_queue = q;
	clSVMFree((cl_context)data, ptrs[0]);
}

static int expect(int i) {
	if (i >= 4 && i < 8) return -(i - 3);
	if (i >= 16 && i < 48) return i + 100;
	if (i >= 52 && i < 56) return i - 52 + 16 + 100;
	if (i >= 56) return 7;
	return i;
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
	cl_device_svm_capabilities caps = 0;
	OK(clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, NULL));
	CHECK(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER, "SVM capabilities %#llx", (unsigned long long)caps);
	CHECK(!(caps & (CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS)), "SVM capabilities %#llx", (unsigned long long)caps);
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	OK(err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	OK(err);

	/* clSVMAlloc's refusals. */
	CHECK(clSVMAlloc(NULL, 0, 64, 0) == NULL, "NULL context");
	CHECK(clSVMAlloc(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, 0) == NULL, "two access flags");
	CHECK(clSVMAlloc(ctx, CL_MEM_SVM_ATOMICS, 64, 0) == NULL, "atomics without fine grain");
	CHECK(clSVMAlloc(ctx, CL_MEM_USE_HOST_PTR, 64, 0) == NULL, "a buffer flag");
	CHECK(clSVMAlloc(ctx, 0, 0, 0) == NULL, "size 0");
	CHECK(clSVMAlloc(ctx, 0, 64, 3) == NULL, "alignment 3");
	CHECK(clSVMAlloc(ctx, 0, 64, 4096) == NULL, "alignment 4096");
	clSVMFree(ctx, NULL);

	enum { N = 64 };
	int *a = clSVMAlloc(ctx, CL_MEM_READ_WRITE, N * sizeof(int), 0);
	CHECK(a != NULL, "clSVMAlloc");
	if (!a) goto out;
	CHECK((uintptr_t)a % 128 == 0, "default alignment: %p", (void *)a);
	OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, a, N * sizeof(int), 0, NULL, NULL));
	for (int i = 0; i < N; i++) a[i] = i;
	cl_event ev;
	OK(clEnqueueSVMUnmap(q, a, 0, NULL, &ev));
	cl_command_type type = 0;
	OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
	CHECK(type == CL_COMMAND_SVM_UNMAP, "unmap command type %#x", type);
	OK(clReleaseEvent(ev));

	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	OK(err);
	OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
	cl_kernel k = clCreateKernel(p, "add", &err);
	OK(err);
	/* 64 bytes in: aligned for every device's buffer offsets. */
	OK(clSetKernelArgSVMPointer(k, 0, a + 16));
	int hundred = 100;
	OK(clSetKernelArg(k, 1, sizeof hundred, &hundred));
	int host_int;
	EXPECT(clSetKernelArgSVMPointer(k, 0, &host_int), CL_INVALID_ARG_VALUE);
	EXPECT(clSetKernelArgSVMPointer(k, 2, a), CL_INVALID_ARG_INDEX);
	void *extra[1] = {a};
	OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof extra, extra));
	cl_bool on = CL_TRUE;
	EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof on, &on), CL_INVALID_OPERATION);
	EXPECT(clSetKernelExecInfo(k, 0x12345, sizeof on, &on), CL_INVALID_VALUE);
	/* An empty list unsets the pointers (the CTS does so); a NULL list
	   of some size is invalid. */
	OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, NULL));
	EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof extra, NULL), CL_INVALID_VALUE);
	EXPECT(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, 0, NULL), CL_INVALID_VALUE);
	OK(clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof extra, extra));
	size_t global = 32;
	OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));

	int pattern = 7;
	OK(clEnqueueSVMMemFill(q, a + 56, &pattern, sizeof pattern, 8 * sizeof(int), 0, NULL, NULL));
	EXPECT(clEnqueueSVMMemFill(q, (char *)a + 2, &pattern, sizeof pattern, 8, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueSVMMemFill(q, a, &pattern, 3, 9, 0, NULL, NULL), CL_INVALID_VALUE);
	int out[4], in[4] = {-1, -2, -3, -4};
	OK(clEnqueueSVMMemcpy(q, CL_TRUE, out, a, sizeof out, 0, NULL, NULL));
	OK(clEnqueueSVMMemcpy(q, CL_FALSE, a + 4, in, sizeof in, 0, NULL, NULL));
	OK(clEnqueueSVMMemcpy(q, CL_FALSE, a + 52, a + 16, 4 * sizeof(int), 0, NULL, NULL));
	EXPECT(clEnqueueSVMMemcpy(q, CL_FALSE, a, a + 2, 4 * sizeof(int), 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	EXPECT(clEnqueueSVMMemcpy(q, CL_FALSE, NULL, a, 4, 0, NULL, NULL), CL_INVALID_VALUE);
	const void *mig[1] = {a};
	OK(clEnqueueSVMMigrateMem(q, 1, mig, NULL, 0, 0, NULL, NULL));
	EXPECT(clEnqueueSVMMigrateMem(q, 0, mig, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	OK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, a, N * sizeof(int), 0, NULL, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++)
		if (a[i] != expect(i) && bad++ < 8) CHECK(0, "a[%d] = %d, want %d", i, a[i], expect(i));
	for (int i = 0; i < 4; i++) CHECK(out[i] == i, "copied out [%d] = %d", i, out[i]);
	OK(clEnqueueSVMUnmap(q, a, 0, NULL, NULL));

	/* A buffer of SVM memory. */
	cl_mem b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 4 * sizeof(int), a + 60, &err);
	OK(err);
	cl_bool uses = CL_FALSE;
	OK(clGetMemObjectInfo(b, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, NULL));
	CHECK(uses == CL_TRUE, "CL_MEM_USES_SVM_POINTER false");
	int got[4] = {0};
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
	CHECK(got[3] == 7, "buffer of SVM memory [3] = %d", got[3]);
	OK(clReleaseMemObject(b));
	cl_mem plain = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
	OK(err);
	OK(clGetMemObjectInfo(plain, CL_MEM_USES_SVM_POINTER, sizeof uses, &uses, NULL));
	CHECK(uses == CL_FALSE, "plain buffer: CL_MEM_USES_SVM_POINTER true");
	OK(clReleaseMemObject(plain));

	/* clEnqueueSVMFree: the callback gets the queue and the pointers. */
	void *f = clSVMAlloc(ctx, CL_MEM_READ_ONLY, 100, 64);
	CHECK(f != NULL, "clSVMAlloc(100, 64)");
	void *list[1] = {f};
	OK(clEnqueueSVMFree(q, 1, list, free_fn, ctx, 0, NULL, &ev));
	list[0] = NULL; /* the ICD copied the list */
	OK(clWaitForEvents(1, &ev));
	OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
	CHECK(type == CL_COMMAND_SVM_FREE, "free command type %#x", type);
	OK(clReleaseEvent(ev));
	CHECK(freed == 1 && freed_ptr == f && freed_queue == q, "callback: %d pointers, %p (want %p), queue %p", freed, freed_ptr, f, (void *)freed_queue);
	EXPECT(clEnqueueSVMFree(q, 1, NULL, NULL, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	void *g = clSVMAlloc(ctx, 0, 256, 0);
	list[0] = g;
	OK(clEnqueueSVMFree(q, 1, list, NULL, NULL, 0, NULL, NULL));

	/* Fine-grained buffers: the host and kernels share the memory. */
	if (caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) {
		int *fg = clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, 16 * sizeof(int), 0);
		CHECK(fg != NULL, "fine-grained clSVMAlloc");
		if (fg) {
			for (int i = 0; i < 16; i++) fg[i] = i;
			OK(clSetKernelArgSVMPointer(k, 0, fg));
			int ten = 10;
			OK(clSetKernelArg(k, 1, sizeof ten, &ten));
			global = 16;
			OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
			OK(clFinish(q));
			for (int i = 0; i < 16; i++) CHECK(fg[i] == i + 10, "fine-grained [%d] = %d", i, fg[i]);
			clSVMFree(ctx, fg);
		}
	} else {
		CHECK(clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0) == NULL, "fine-grained allocation without the capability");
	}
	OK(clFinish(q));
	/* A free whose wait list fails does not run its callback. */
	cl_event gate = clCreateUserEvent(ctx, &err);
	OK(err);
	void *h = clSVMAlloc(ctx, 0, 64, 0);
	void *hl[1] = {h};
	int before = freed;
	OK(clEnqueueSVMFree(q, 1, hl, free_fn, ctx, 1, &gate, &ev));
	OK(clSetUserEventStatus(gate, -1));
	EXPECT(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	CHECK(freed == before, "the callback ran after its wait list failed");
	OK(clReleaseEvent(ev));
	OK(clReleaseEvent(gate));
	clFinish(q);
	clSVMFree(ctx, h);
	OK(clReleaseKernel(k));
	OK(clReleaseProgram(p));
	clSVMFree(ctx, a);
out:
	OK(clReleaseCommandQueue(q));
	OK(clReleaseContext(ctx));
	if (failures) { printf("%d failures\n", failures); return 1; }
	printf("PASS\n");
	return 0;
}
